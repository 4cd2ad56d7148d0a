import type { TimedText } from '../provider.types';

const MAX_ENTRIES = 1_000;

/**
 * Remembers which caption track belongs to each media file the sandbox handed out, so the
 * sandbox LLM's `transcribe` can return the transcript the video was rendered with. Bounded:
 * the oldest entries are forgotten first.
 */
export class SandboxMediaRegistry {
  private readonly transcripts = new Map<string, TimedText[]>();

  remember(path: string, transcript: TimedText[]): void {
    this.transcripts.delete(path);
    this.transcripts.set(path, transcript);
    while (this.transcripts.size > MAX_ENTRIES) {
      const oldest = this.transcripts.keys().next().value as string;
      this.transcripts.delete(oldest);
    }
  }

  transcriptOf(path: string): TimedText[] | undefined {
    return this.transcripts.get(path);
  }
}
