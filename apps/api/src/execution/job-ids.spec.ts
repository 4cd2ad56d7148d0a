import { fromPublicJobId, newJobId, toPublicJobId } from './job-ids';

describe('job ids', () => {
  it('round-trips a row id through its public form', () => {
    for (let i = 0; i < 20; i++) {
      const id = newJobId();
      const publicId = toPublicJobId(id);
      expect(publicId).toMatch(/^job_[0-9a-f]{32}$/);
      expect(fromPublicJobId(publicId)).toBe(id);
    }
  });

  it.each([
    '',
    'job_',
    'job_XYZ',
    'job_0123',
    `job_${'g'.repeat(32)}`,
    `JOB_${'a'.repeat(32)}`,
    `job_${'a'.repeat(33)}`,
  ])('%p is not a job id', (value) => expect(fromPublicJobId(value)).toBeNull());
});
