import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOGUE_FIXTURE } from './sandbox-catalogue';
import type { Check } from './sandbox-fixture-schema';
import { loadSandboxFixture, SANDBOX_FIXTURES_DIR, SandboxFixtureError } from './sandbox-fixtures';
import { MAGIC_FIXTURE } from './sandbox-magic';
import { NICHES_FIXTURE, SANDBOX_NICHES } from './sandbox-niches';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const shipped = (file: string): Json =>
  JSON.parse(readFileSync(join(SANDBOX_FIXTURES_DIR, file), 'utf8')) as Json;

describe('sandbox data files', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-fixtures-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes an edited copy of a shipped file and loads it. */
  function loadEdited<T>(file: string, check: Check<T>, edit: (data: Json) => void): () => T {
    const data = shipped(file);
    edit(data);
    writeFileSync(join(dir, file), JSON.stringify(data));
    return () => loadSandboxFixture(file, check, dir);
  }

  function refusal(load: () => unknown): string {
    try {
      load();
    } catch (error) {
      expect(error).toBeInstanceOf(SandboxFixtureError);
      return (error as Error).message;
    }
    throw new Error('the file was accepted');
  }

  it('accepts the shipped files, unchanged', () => {
    for (const [file, check] of [
      ['niches.json', NICHES_FIXTURE],
      ['magic.json', MAGIC_FIXTURE],
      ['catalogue.json', CATALOGUE_FIXTURE],
    ] as const) {
      expect(loadSandboxFixture(file, check as Check<unknown>)).toEqual(shipped(file));
    }
    expect(SANDBOX_NICHES.map((niche) => niche.key)).toContain('home-coffee');
  });

  it('refuses a field of the wrong type, naming the file and the field', () => {
    const message = refusal(
      loadEdited('niches.json', NICHES_FIXTURE, (niches) => {
        niches[3].hooks.zh[2] = 42;
      }),
    );
    expect(message).toBe(
      `Sandbox data file ${join(dir, 'niches.json')} is invalid: ` +
        '$[3].hooks.zh[2] must be a non-empty string (found number 42)',
    );
  });

  it('refuses missing and unknown fields', () => {
    expect(
      refusal(
        loadEdited('niches.json', NICHES_FIXTURE, (niches) => {
          delete niches[1].creators;
        }),
      ),
    ).toContain('niches.json is invalid: $[1].creators is missing');
    expect(
      refusal(
        loadEdited('niches.json', NICHES_FIXTURE, (niches) => {
          niches[0].label.fr = 'Café maison';
        }),
      ),
    ).toContain('niches.json is invalid: $[0].label.fr is not a known field');
  });

  it('refuses a niche the catalogue cannot build from', () => {
    expect(
      refusal(
        loadEdited('niches.json', NICHES_FIXTURE, (niches) => {
          niches[2].creators.en = niches[2].creators.en.slice(0, 4);
        }),
      ),
    ).toContain('$[2].creators.en must have at least 5 items (found 4)');
    expect(
      refusal(
        loadEdited('niches.json', NICHES_FIXTURE, (niches) => {
          niches[5].key = niches[0].key;
        }),
      ),
    ).toContain('$[5].key repeats the niche key "home-coffee"');
    expect(
      refusal(
        loadEdited('niches.json', NICHES_FIXTURE, (niches) => {
          niches[0].hashtags.en[1] = '#latte art';
        }),
      ),
    ).toContain('$[0].hashtags.en[1] must be a string matching');
  });

  it('refuses magic entries that lead nowhere', () => {
    expect(
      refusal(
        loadEdited('magic.json', MAGIC_FIXTURE, (magic) => {
          magic.shortLinks['network_a:ZMsandbox1'].niche = 'knitting';
        }),
      ),
    ).toContain(
      'magic.json is invalid: $.shortLinks["network_a:ZMsandbox1"].niche names no niche of ' +
        'niches.json (found "knitting")',
    );
    expect(
      refusal(
        loadEdited('magic.json', MAGIC_FIXTURE, (magic) => {
          magic.shortLinks['network_b:sandbox2'].outcome = 'explode';
        }),
      ),
    ).toContain('$.shortLinks["network_b:sandbox2"].outcome must be one of "longVideo"');
    expect(
      refusal(
        loadEdited('magic.json', MAGIC_FIXTURE, (magic) => {
          magic.postIds.network_b.photoPost = '71000000000000204';
        }),
      ),
    ).toContain('$.postIds.network_b.photoPost must be a string matching /^[0-9]{19}$/');
    expect(
      refusal(
        loadEdited('magic.json', MAGIC_FIXTURE, (magic) => {
          magic.foreignPosts['youtube:sandboxYT01'].platform = 'instagram';
        }),
      ),
    ).toContain('$.foreignPosts["youtube:sandboxYT01"].platform differs from the id\'s platform');
  });

  it('refuses a catalogue file without a language', () => {
    expect(
      refusal(
        loadEdited('catalogue.json', CATALOGUE_FIXTURE, (catalogue) => {
          delete catalogue.soundNames.zh;
        }),
      ),
    ).toContain('catalogue.json is invalid: $.soundNames.zh is missing');
  });

  it('refuses a file that is not JSON, or is missing', () => {
    writeFileSync(join(dir, 'niches.json'), '[{"key": "home-coffee",]');
    expect(refusal(() => loadSandboxFixture('niches.json', NICHES_FIXTURE, dir))).toMatch(
      /^Sandbox data file .*niches\.json is not valid JSON: /,
    );
    expect(refusal(() => loadSandboxFixture('magic.json', MAGIC_FIXTURE, dir))).toMatch(
      /^Sandbox data file .*magic\.json cannot be read: ENOENT/,
    );
  });

  it('stops the module that owns a broken file from loading', async () => {
    const fs = jest.requireActual<typeof import('node:fs')>('node:fs');
    await jest.isolateModulesAsync(async () => {
      jest.doMock('node:fs', () => ({
        ...fs,
        readFileSync: (path: string, encoding: BufferEncoding) =>
          path.endsWith('niches.json') ? '[]' : fs.readFileSync(path, encoding),
      }));
      await expect(import('./sandbox-niches')).rejects.toThrow(
        /niches\.json is invalid: \$ must have at least 1 item \(found 0\)/,
      );
    });
    jest.dontMock('node:fs');
  });
});
