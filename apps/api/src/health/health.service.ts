import { Injectable } from '@nestjs/common';
import { DatabaseRepository } from '../repositories/database.repository';

export type CheckStatus = 'ok' | 'down' | 'disabled';

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  checks: Record<string, { status: CheckStatus; latencyMs?: number }>;
}

/** A dependency that `/health` pings (Redis registers one when configured). */
export interface HealthCheck {
  name: string;
  /** Critical checks make the service `down` (503); others only `degraded`. */
  critical: boolean;
  ping(): Promise<void>;
}

@Injectable()
export class HealthService {
  private readonly extraChecks: HealthCheck[] = [];

  constructor(private readonly database: DatabaseRepository) {}

  register(check: HealthCheck): void {
    this.extraChecks.push(check);
  }

  async report(): Promise<HealthReport> {
    const database: HealthCheck = {
      name: 'database',
      critical: true,
      ping: () => this.database.ping(),
    };
    const checks = [database, ...this.extraChecks];
    const results = await Promise.all(checks.map((check) => timed(check)));
    const report: HealthReport = { status: 'ok', checks: {} };
    results.forEach((result, index) => {
      const check = checks[index];
      report.checks[check.name] = result;
      if (result.status === 'down') {
        report.status = check.critical ? 'down' : report.status === 'down' ? 'down' : 'degraded';
      }
    });
    return report;
  }
}

const PING_TIMEOUT_MS = 2_000;

async function timed(check: HealthCheck): Promise<{ status: CheckStatus; latencyMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
      }),
    ]);
    return { status: 'ok', latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { status: 'down', latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
