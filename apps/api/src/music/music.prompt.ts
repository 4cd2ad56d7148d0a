/**
 * music asks no language model: its sounds are read from their audio and ranked by rules
 * (music.scoring.ts). What stands where the other operations' prompts stand is the wording of
 * its answer: the sentence each suggestion's `fit.why` says, written here. The reasons it
 * names (one phrase per part of the fit) are worded next to the numbers they describe, in
 * music.scoring.ts.
 */

/** The fit's verdict and the strongest reasons for and against it: "Good fit: …; but …." */
export function fitWhy(score: number, positives: string[], negatives: string[]): string {
  const label =
    score >= 0.75
      ? 'Strong fit'
      : score >= 0.5
        ? 'Good fit'
        : score >= 0.3
          ? 'Partial fit'
          : 'Weak fit';
  if (positives.length === 0 && negatives.length === 0) {
    return `${label}: nothing stands out either way.`;
  }
  const against =
    negatives.length > 0 ? `${positives.length > 0 ? '; but ' : ''}${negatives.join('; ')}` : '';
  return `${label}: ${positives.join('; ')}${against}.`;
}

/** A suggestion's `fit.why`: the fit's sentence, and a word when it is the video's own sound. */
export function suggestionWhy(why: string, isOwnSound: boolean): string {
  return isOwnSound ? `${why} It is the sound this video already uses.` : why;
}
