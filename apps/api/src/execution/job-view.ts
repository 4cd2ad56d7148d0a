import { formatUsd, type ErrorBody, type JobView } from '@reelscout/domain';
import { fromStoredBody } from '../idempotency/idempotency.service';
import type { JobRow } from './job-aggregate';
import { toPublicJobId } from './job-ids';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A job row as callers see it (`GET /v1/jobs/{id}`, a 202's body, a webhook's `data`). */
export function toJobView(row: JobRow): JobView {
  const ended = row.finished_at !== null;
  return {
    id: toPublicJobId(row.id),
    object: 'job',
    operation: row.operation,
    mode: row.execution,
    livemode: row.mode === 'live',
    status: row.status,
    progress: Math.round(Number(row.progress) * 100) / 100,
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    request_id: row.request_id,
    subject: row.subject,
    http_status: row.http_status,
    result: row.result === null || row.result === undefined ? null : fromStoredBody(row.result),
    error:
      row.error === null || row.error === undefined
        ? null
        : (fromStoredBody(row.error) as ErrorBody),
    billing: {
      held_usd: formatUsd(BigInt(row.hold_amount)),
      charged_usd: ended && row.charged !== null ? formatUsd(BigInt(row.charged)) : null,
      balance_usd: row.balance_after !== null ? formatUsd(BigInt(row.balance_after)) : null,
    },
    result_expires_at: iso(row.result_expires_at),
    result_purged: row.result_purged_at !== null,
  };
}
