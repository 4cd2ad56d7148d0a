import { Readable } from 'node:stream';
import { Controller, Get, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Account } from '@reelscout/database';
import { ApiDashboardRoute } from '../common/openapi/route-docs';
import { CurrentAccount, SessionGuard } from '../request-context/session.guard';
import {
  dateRange,
  DailySpendListResponseDto,
  UsagePageResponseDto,
  UsageQueryDto,
} from './dto/usage.dto';
import { AccountUsageBucketsQueryDto, UsageListDto } from './dto/usage-api.dto';
import { UsageBucketsService, type UsageRequest, type UsageScope } from './usage-buckets.service';
import { UsageReportService, type UsageFilter } from './usage-report.service';

function toFilter(query: UsageQueryDto): UsageFilter {
  return {
    mode: query.mode,
    operation: query.operation,
    subject: query.subject,
    keyId: query.key_id,
    source: query.source,
    ...dateRange(query),
  };
}

function toBucketRequest(query: AccountUsageBucketsQueryDto): UsageRequest {
  return {
    ...dateRange(query),
    granularity: query.granularity,
    groupBy: query.group_by,
    operation: query.operation,
    subject: query.subject,
    keyId: query.key_id,
    source: query.source,
  };
}

const bucketScope = (account: Account, query: AccountUsageBucketsQueryDto): UsageScope => ({
  accountId: account.id,
  mode: query.mode ?? null,
  confinedTo: null,
});

/** Dashboard back end: the account's calls, filterable, as pages, CSV and daily spend. */
@ApiTags('dashboard: usage')
@Controller('account/usage')
@UseGuards(SessionGuard)
export class UsageController {
  constructor(
    private readonly reads: UsageReportService,
    private readonly buckets: UsageBucketsService,
  ) {}

  @Get('buckets')
  @ApiDashboardRoute({
    operationId: 'accountUsageBuckets',
    summary: 'Usage in hour or day buckets (as `GET /v1/usage`)',
    description:
      'The same query and numbers as `GET /v1/usage`, over the whole account; `mode` and `source` filter (default: both). `group_by=subject` is the by-customer view.',
    auth: 'session',
  })
  @ApiOkResponse({ type: UsageListDto, description: 'A page of buckets, oldest first.' })
  bucketList(
    @CurrentAccount() account: Account,
    @Query() query: AccountUsageBucketsQueryDto,
  ): Promise<UsageListDto> {
    return this.buckets.buckets(bucketScope(account, query), toBucketRequest(query), {
      cursor: query.cursor,
      limit: query.limit ?? 100,
    });
  }

  @Get('buckets.csv')
  @ApiProduces('text/csv')
  @ApiDashboardRoute({
    operationId: 'accountUsageBucketsCsv',
    summary: 'Usage buckets as CSV (as `GET /v1/usage` with `Accept: text/csv`)',
    auth: 'session',
  })
  @ApiOkResponse({
    schema: { type: 'string' },
    description: 'Every matching bucket as a CSV attachment, oldest first.',
  })
  bucketCsv(
    @CurrentAccount() account: Account,
    @Query() query: AccountUsageBucketsQueryDto,
  ): StreamableFile {
    const lines = this.buckets.bucketsCsv(bucketScope(account, query), toBucketRequest(query));
    return new StreamableFile(Readable.from(lines), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="reelscout-usage-buckets.csv"',
    });
  }

  @Get()
  @ApiDashboardRoute({
    operationId: 'accountListUsage',
    summary: "List the account's calls, newest first",
    description:
      'Filter by mode, operation, subject, key, source (`api` or `dashboard`) and date; page with `cursor` and `limit`. `group_by=key|subject` adds the calls and spend per key or subject.',
    auth: 'session',
  })
  @ApiOkResponse({ type: UsagePageResponseDto, description: 'A page of calls, newest first.' })
  list(
    @CurrentAccount() account: Account,
    @Query() query: UsageQueryDto,
  ): Promise<UsagePageResponseDto> {
    return this.reads.usage(account.id, toFilter(query), {
      cursor: query.cursor,
      limit: query.limit ?? 50,
      groupBy: query.group_by,
    });
  }

  @Get('daily')
  @ApiDashboardRoute({
    operationId: 'accountDailyUsage',
    summary: 'Spend and calls per day',
    auth: 'session',
  })
  @ApiOkResponse({
    type: DailySpendListResponseDto,
    description: 'Spend and calls per UTC day and operation, oldest first.',
  })
  async daily(
    @CurrentAccount() account: Account,
    @Query() query: UsageQueryDto,
  ): Promise<DailySpendListResponseDto> {
    return { days: await this.reads.dailySpend(account.id, toFilter(query)) };
  }

  /**
   * The CSV headers are set only once the CSV exists: as `@Header`s they were set before
   * validation, so a 400 went out as a `text/csv` attachment with a JSON body.
   */
  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiDashboardRoute({
    operationId: 'accountExportUsageCsv',
    summary: "Export the account's calls as CSV",
    description:
      'The same filters as the list, with key (label and display start) and subject columns; `group_by=key|subject` exports one row per group instead. Errors are JSON like everywhere else.',
    auth: 'session',
  })
  @ApiOkResponse({
    schema: { type: 'string' },
    description: 'The matching calls as a CSV attachment, newest first (at most 50 000 rows).',
  })
  async csv(
    @CurrentAccount() account: Account,
    @Query() query: UsageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const csv = await this.reads.usageCsv(account.id, toFilter(query), {
      groupBy: query.group_by,
    });
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="reelscout-usage.csv"');
    return csv;
  }
}
