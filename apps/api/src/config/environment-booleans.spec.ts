import 'reflect-metadata';
import { validateEnvironment } from './environment';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/reelscout' };

describe('boolean settings', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['true', true],
    ['1', true],
    ['ON', true],
  ])('%s reads as %s', (raw, expected) => {
    const env = validateEnvironment({
      ...base,
      JOBS_WORKER: raw,
      API_DOCS_ENABLED: raw,
      LOG_PRETTY: raw,
    });
    expect(env.JOBS_WORKER).toBe(expected);
    expect(env.API_DOCS_ENABLED).toBe(expected);
    expect(env.LOG_PRETTY).toBe(expected);
  });

  it('defaults apply when unset', () => {
    const env = validateEnvironment(base);
    expect(env.JOBS_WORKER).toBe(true);
    expect(env.LOG_PRETTY).toBe(false);
  });
});
