import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FixtureFieldError, type Check } from './sandbox-fixture-schema';

/**
 * The sandbox's data files (niches, sound names, magic ids…) live in `fixtures/` beside this
 * file as JSON; the code that builds the catalogue from them stays in TypeScript. Each file is
 * read and checked once, when the module that owns it is loaded: a broken file stops the start
 * with an error naming the file and the bad field.
 */

/** A sandbox data file that is missing, not JSON, or not of the expected shape. */
export class SandboxFixtureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SandboxFixtureError';
  }
}

/**
 * Where the data files are. From the sources (Jest, ts-node) they sit beside this file. In a
 * build, webpack bundles the code into <build>/apps/api/*.js, where `__dirname` is that folder,
 * and scripts/build.js copies them to the same path under it as under apps/api/src.
 */
function fixturesDir(): string {
  const candidates = [join(__dirname, 'fixtures'), join(__dirname, 'providers/sandbox/fixtures')];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) {
    throw new SandboxFixtureError(
      `The sandbox data files are missing: no folder ${candidates.join(' or ')} ` +
        '(scripts/build.js copies them beside the bundle).',
    );
  }
  return found;
}

export const SANDBOX_FIXTURES_DIR = fixturesDir();

/** Reads `dir/file`, parses it and checks it: the typed value, or a `SandboxFixtureError`. */
export function loadSandboxFixture<T>(
  file: string,
  check: Check<T>,
  dir = SANDBOX_FIXTURES_DIR,
): T {
  const path = join(dir, file);
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SandboxFixtureError(`Sandbox data file ${path} cannot be read: ${message(error)}`, {
      cause: error,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    throw new SandboxFixtureError(
      `Sandbox data file ${path} is not valid JSON: ${message(error)}`,
      {
        cause: error,
      },
    );
  }
  try {
    return check(data, '$');
  } catch (error) {
    if (!(error instanceof FixtureFieldError)) throw error;
    throw new SandboxFixtureError(`Sandbox data file ${path} is invalid: ${error.message}`, {
      cause: error,
    });
  }
}

function message(error: unknown): string {
  // Not `instanceof Error`: errors from Node's own modules may come from another realm (Jest).
  const text = (error as { message?: unknown } | null)?.message;
  return typeof text === 'string' ? text : String(error);
}
