import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import type { JobBillingView, JobListView, JobView } from '@reelscout/domain';
import { JobBillingDto, JobDto, JobListDto } from './jobs.dto';

/**
 * The job DTOs `implements` the wire shapes of @reelscout/domain (the compiler refuses a missing
 * field); this closes the other direction: each DTO documents exactly the fields of its view
 * (the samples are `satisfies Required<View>`), so the OpenAPI document names every field sent.
 */
const billing = {
  held_usd: '0.150000',
  charged_usd: '0.075000',
  balance_usd: '9.925000',
} satisfies Required<JobBillingView>;

const job = {
  id: 'job_1',
  object: 'job',
  operation: 'scan',
  mode: 'async',
  livemode: false,
  status: 'succeeded',
  progress: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: '2026-01-01T00:00:00.000Z',
  finished_at: '2026-01-01T00:00:01.000Z',
  request_id: 'req_1',
  subject: null,
  http_status: 200,
  result: {},
  error: null,
  billing,
  result_expires_at: '2026-01-02T00:00:01.000Z',
  result_purged: false,
} satisfies Required<JobView>;

const CASES: [string, Type<unknown>, object][] = [
  ['JobBillingDto', JobBillingDto, billing],
  ['JobDto', JobDto, job],
  [
    'JobListDto',
    JobListDto,
    { object: 'list', data: [job], has_more: false } satisfies JobListView,
  ],
];

/** Where @ApiProperty lists a class's documented properties (`:name`). */
const API_MODEL_PROPERTIES = 'swagger/apiModelPropertiesArray';

function documentedFields(dto: Type<unknown>): string[] {
  const names: string[] = Reflect.getMetadata(API_MODEL_PROPERTIES, dto.prototype) ?? [];
  return [...new Set(names.map((name) => name.replace(/^:/, '')))].sort();
}

describe('job response DTOs document exactly their domain views', () => {
  it.each(CASES)('%s', (_name, dto, sample) => {
    expect(documentedFields(dto)).toEqual(Object.keys(sample).sort());
  });
});
