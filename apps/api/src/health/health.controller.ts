import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthService, type HealthReport } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({
    description:
      'The API and its database answer. `degraded` when an optional dependency (Redis) is down.',
  })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer.' })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await this.health.report();
    res.status(report.status === 'down' ? 503 : 200);
    res.setHeader('Cache-Control', 'no-store');
    return report;
  }
}
