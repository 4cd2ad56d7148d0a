import { Controller, Get, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiError } from '../common/openapi/api-errors';
import { HealthService, type HealthReport } from './health.service';

const REPORT_SCHEMA = {
  type: 'object',
  required: ['status', 'checks'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['ok', 'degraded', 'down'] },
    checks: {
      type: 'object',
      description: 'One entry per dependency: `database`, and `redis` when configured.',
      additionalProperties: {
        type: 'object',
        required: ['status'],
        additionalProperties: false,
        properties: {
          status: { type: 'string', enum: ['ok', 'down', 'disabled'] },
          latencyMs: { type: 'integer', minimum: 0 },
        },
      },
    },
  },
  example: { status: 'ok', checks: { database: { status: 'ok', latencyMs: 2 } } },
};

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Liveness and readiness of this instance',
    description: 'For load balancers and probes: no authentication, no rate limit, not cached.',
    security: [],
  })
  // Takes no parameters; the one client error it can give is the URL check every route has.
  @ApiError(400, {
    description:
      '`invalid_request`: the query string holds a NUL character (`%00`), which every route refuses; `param` names it.',
    samples: {
      invalid_request: {
        message: '`probe` contains a NUL character (U+0000), which no field may contain.',
        param: 'probe',
      },
    },
  })
  @ApiOkResponse({
    schema: REPORT_SCHEMA,
    description:
      'The API and its database answer. `degraded` when an optional dependency (Redis) is down.',
  })
  @ApiServiceUnavailableResponse({
    schema: REPORT_SCHEMA,
    description: 'The database does not answer: `status` is `down`.',
  })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await this.health.report();
    res.status(report.status === 'down' ? 503 : 200);
    res.setHeader('Cache-Control', 'no-store');
    return report;
  }
}
