import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { JOB_STATUSES } from '@reelscout/domain';
import { FAIR_CANDIDATES_SQL, LOCK_STALE_SQL, SETTLE } from './job-statements';

/**
 * The job is one aggregate: only its statements write `jobs`, and they write no status of their
 * own (a status comes from the state machine, job-state.ts, as SQL_STATUS or a parameter).
 */
describe('the job aggregate owns jobs', () => {
  const src = join(__dirname, '..');

  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
    });
  }

  it('one file writes jobs: the aggregate’s statements', () => {
    const writers = sources(src)
      .filter((path) => /\b(UPDATE jobs|INSERT INTO jobs)\b/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path));
    expect(writers).toEqual(['execution/job-statements.ts']);
  });

  it('its statements hold no status literal; the machine’s statuses reach the SQL', () => {
    const text = readFileSync(join(__dirname, 'job-statements.ts'), 'utf8');
    for (const status of JOB_STATUSES) expect(text).not.toContain(`'${status}'`);
    expect(FAIR_CANDIDATES_SQL).toContain(`status = 'queued'`);
    expect(LOCK_STALE_SQL).toContain(`status = 'running'`);
    // The settlement moves the status it is given (a transition's from and to).
    expect(SETTLE.text).toMatch(/status = \$3/);
  });

  it('no other file compares a job’s status with a literal: statuses come from the machine', () => {
    const literal = new RegExp(`status\\s*(=|<>|!=|IN)\\s*\\(?\\s*'(${JOB_STATUSES.join('|')})'`);
    const readers = sources(src).filter((path) =>
      /\b(FROM|JOIN) jobs\b/.test(readFileSync(path, 'utf8')),
    );
    expect(readers.map((path) => relative(src, path))).toContain(
      'repositories/job-observation.repository.ts',
    );
    const offenders = readers
      .filter((path) => literal.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path));
    expect(offenders).toEqual([]);
  });
});
