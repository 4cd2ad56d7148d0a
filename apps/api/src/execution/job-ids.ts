import { randomUUID } from 'node:crypto';

/** Public job ids are `job_` + the row's uuid without dashes: opaque to callers, one index to us. */
const PUBLIC_ID = /^job_([0-9a-f]{32})$/;

export function newJobId(): string {
  return randomUUID();
}

export function toPublicJobId(uuid: string): string {
  return `job_${uuid.replace(/-/g, '')}`;
}

/** The row id of a public job id, or null when it is not one (then the job does not exist: 404). */
export function fromPublicJobId(id: string): string | null {
  const match = PUBLIC_ID.exec(id);
  if (!match) return null;
  const hex = match[1];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
