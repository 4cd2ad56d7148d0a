import { Readable } from 'node:stream';
import { Get, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { Request } from 'express';
import { V1ResourceController } from '../api-keys/v1-resource.decorator';
import { ApiV1Ok, ApiV1Route } from '../common/openapi/route-docs';
import { CurrentCaller, type Caller } from '../request-context/caller';
import {
  UsageListDto,
  UsageQueryDto,
  UsageRecordListDto,
  UsageRecordsQueryDto,
} from './dto/usage-api.dto';
import { dateRange } from './dto/usage.dto';
import { UsageBucketsService, type UsageRequest, type UsageScope } from './usage-buckets.service';

/** Who sees what and how exact it is, said on both routes. */
const VISIBILITY =
  "Free and never charged; rate ceilings as for the other reads. A key sees its own mode's usage: an unrestricted key the whole account's, a key restricted to some operations only its own key line's (the keys it was rolled from included). `Accept: text/csv` streams every matching row as CSV with a header row (RFC 4180), whatever the size; `limit` and `cursor` then do not apply. Charged calls are recorded in the transaction that charges them, so the charges here always equal the ledger's. Calls refused before they ran (400, 402, 429…) are recorded after the answer, best-effort: while the database is unreachable the answer does not wait for it, and such records can be lost (never a charge, which is not made without the database).";

function toRequest(query: UsageQueryDto | UsageRecordsQueryDto): UsageRequest {
  const q = query as UsageQueryDto;
  return {
    ...dateRange(query),
    granularity: q.granularity,
    groupBy: q.group_by,
    operation: query.operation,
    subject: query.subject,
    keyId: query.key_id,
  };
}

const scopeOf = (caller: Caller): UsageScope => ({
  accountId: caller.accountId,
  mode: caller.mode,
  confinedTo: caller.confinedTo,
});

const wantsCsv = (req: Request) => req.accepts(['application/json', 'text/csv']) === 'text/csv';

const csvFile = (lines: AsyncIterable<string>, name: string) =>
  new StreamableFile(Readable.from(lines), {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}"`,
  });

/** `/v1/usage`: the caller's usage in buckets (from the hourly rollups) and its raw records. */
@V1ResourceController('usage', 'usage')
export class UsageApiController {
  constructor(private readonly usage: UsageBucketsService) {}

  @Get()
  @ApiProduces('application/json', 'text/csv')
  @ApiV1Route({
    operationId: 'listUsage',
    summary: 'Usage in hour or day buckets',
    description: `Calls, charged calls, charge and refused calls per UTC day or hour (\`granularity\`), optionally per operation, subject and key (\`group_by\`), between \`from\` and \`to\` (default: the last 30 days; at most 400 days for days, 31 for hours). ${VISIBILITY}`,
  })
  @ApiV1Ok(UsageListDto, { description: 'A page of buckets, oldest first.' })
  list(
    @CurrentCaller() caller: Caller,
    @Query() query: UsageQueryDto,
    @Req() req: Request,
  ): Promise<UsageListDto> | StreamableFile {
    if (wantsCsv(req)) {
      return csvFile(this.usage.bucketsCsv(scopeOf(caller), toRequest(query)), 'usage.csv');
    }
    return this.usage.buckets(scopeOf(caller), toRequest(query), {
      cursor: query.cursor,
      limit: query.limit ?? 100,
    });
  }

  @Get('records')
  @ApiProduces('application/json', 'text/csv')
  @ApiV1Route({
    operationId: 'listUsageRecords',
    summary: 'Usage records, newest first',
    description: `One record per call, charged or not, with its request id, job, subject, key, status and charge; the same filters as the buckets. ${VISIBILITY}`,
  })
  @ApiV1Ok(UsageRecordListDto, { description: 'A page of records, newest first.' })
  records(
    @CurrentCaller() caller: Caller,
    @Query() query: UsageRecordsQueryDto,
    @Req() req: Request,
  ): Promise<UsageRecordListDto> | StreamableFile {
    if (wantsCsv(req)) {
      return csvFile(this.usage.recordsCsv(scopeOf(caller), toRequest(query)), 'usage-records.csv');
    }
    return this.usage.records(scopeOf(caller), toRequest(query), {
      cursor: query.cursor,
      limit: query.limit ?? 100,
    });
  }
}
