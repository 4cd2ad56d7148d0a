/**
 * The runnable examples of the README and docs/. A shell block preceded by `<!-- run -->` is a
 * command the docs promise works against the sandbox; a block preceded by `<!-- output -->`
 * right after it is what the command prints. docs-examples.e2e-spec.ts runs every one; the
 * output must match, where `…` inside a JSON string (or a text line) stands for any text (ids,
 * timestamps), and an object with a `"…"` key may have more keys than it shows.
 */

export interface DocExample {
  file: string;
  /** 1-based line of the command block's opening fence. */
  line: number;
  command: string;
  expected: { lang: string; text: string } | null;
}

interface Fence {
  lang: string;
  body: string;
  /** 0-based index of the opening fence line. */
  start: number;
  /** 0-based index of the closing fence line. */
  end: number;
  /** The last non-blank line before the fence. */
  marker: string;
}

function fences(text: string): Fence[] {
  const lines = text.split('\n');
  const found: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(```+|~~~+)\s*([\w-]*)/.exec(lines[i]);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !lines[end].startsWith(open[1])) end++;
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    found.push({
      lang: open[2],
      body: lines.slice(i + 1, end).join('\n'),
      start: i,
      end,
      marker: before >= 0 ? lines[before].trim() : '',
    });
    i = end;
  }
  return found;
}

const SHELL = new Set(['bash', 'sh', 'shell', 'console']);

/** A fence right after another one (only blank lines between). */
const follows = (previous: Fence, next: Fence, text: string) =>
  text
    .split('\n')
    .slice(previous.end + 1, next.start)
    .every((line) => line.trim() === '' || line.trim() === '<!-- output -->');

/**
 * The examples of one Markdown file, and the problems that make the file's examples untestable:
 * an output block with no run block before it, or a shell command calling the API followed by
 * an unmarked output block (output shown that nothing checks).
 */
export function examplesIn(
  file: string,
  text: string,
): { examples: DocExample[]; problems: string[] } {
  const all = fences(text);
  const examples: DocExample[] = [];
  const problems: string[] = [];
  all.forEach((fence, index) => {
    const next = all[index + 1];
    const outputNext = next && next.marker === '<!-- output -->' && follows(fence, next, text);
    if (fence.marker === '<!-- run -->') {
      if (!SHELL.has(fence.lang))
        problems.push(`${file}:${fence.start + 1}: a run block must be bash`);
      examples.push({
        file,
        line: fence.start + 1,
        command: fence.body,
        expected: outputNext ? { lang: next.lang, text: next.body } : null,
      });
    } else if (fence.marker === '<!-- output -->') {
      const previous = all[index - 1];
      if (!previous || previous.marker !== '<!-- run -->' || !follows(previous, fence, text))
        problems.push(`${file}:${fence.start + 1}: an output block must follow a run block`);
    } else if (
      SHELL.has(fence.lang) &&
      /\bcurl\b/.test(fence.body) &&
      next &&
      ['json', 'text', ''].includes(next.lang) &&
      follows(fence, next, text)
    ) {
      problems.push(
        `${file}:${next.start + 1}: output shown after a curl command that no test runs (mark them <!-- run --> and <!-- output -->)`,
      );
    }
  });
  return { examples, problems };
}

/** `…` in an expected string: any text there. */
function stringMatches(expected: string, actual: unknown): boolean {
  if (typeof actual !== 'string') return false;
  if (!expected.includes('…')) return expected === actual;
  const pattern = expected
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${pattern}$`).test(actual);
}

/** Where `actual` differs from `expected` (see the module comment), or null when it matches. */
export function jsonMismatch(expected: unknown, actual: unknown, at = '$'): string | null {
  if (typeof expected === 'string')
    return stringMatches(expected, actual)
      ? null
      : `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return `${at}: expected an array of ${expected.length}, got ${JSON.stringify(actual)?.slice(0, 200)}`;
    for (let i = 0; i < expected.length; i++) {
      const inner = jsonMismatch(expected[i], actual[i], `${at}[${i}]`);
      if (inner) return inner;
    }
    return null;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return `${at}: expected an object, got ${JSON.stringify(actual)?.slice(0, 200)}`;
    const open = '…' in expected;
    const keys = Object.keys(expected).filter((key) => key !== '…');
    for (const key of keys) {
      if (!(key in actual)) return `${at}.${key}: missing`;
      const inner = jsonMismatch(
        (expected as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        `${at}.${key}`,
      );
      if (inner) return inner;
    }
    if (!open) {
      const extra = Object.keys(actual).filter((key) => !keys.includes(key));
      if (extra.length) return `${at}: unexpected keys ${extra.join(', ')}`;
    }
    return null;
  }
  return Object.is(expected, actual)
    ? null
    : `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

/** Text output: line by line, `…` standing for any text within a line. */
export function textMismatch(expected: string, actual: string): string | null {
  const want = expected.trimEnd().split('\n');
  const got = actual.trimEnd().split('\n');
  if (want.length !== got.length)
    return `expected ${want.length} lines, got ${got.length}:\n${actual}`;
  for (let i = 0; i < want.length; i++) {
    if (!stringMatches(want[i], got[i]))
      return `line ${i + 1}: expected "${want[i]}", got "${got[i]}"`;
  }
  return null;
}
