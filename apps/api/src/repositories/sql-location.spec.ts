import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Statements live in repositories (apps/api/src/repositories, one per table), the job aggregate
 * (execution/job-aggregate.ts with its statements, job-statements.ts: `jobs`, whose statuses
 * come from the state machine beside them) and migrations (libs/database): no service,
 * controller or guard writes SQL or runs a prepared statement.
 */
describe('where SQL lives', () => {
  const src = join(__dirname, '..');
  const SQL = /\b(SELECT|INSERT INTO|UPDATE [a-z_]+ SET|DELETE FROM)\b|\brunPrepared\(/;

  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
    });
  }

  const JOB_AGGREGATE = ['execution/job-aggregate.ts', 'execution/job-statements.ts'];

  it('only repositories and the job aggregate hold SQL', () => {
    const offenders = sources(src)
      .filter((path) => !relative(src, path).startsWith('repositories/'))
      .filter((path) => !JOB_AGGREGATE.includes(relative(src, path)))
      .filter((path) => SQL.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path));
    expect(offenders).toEqual([]);
  });
});
