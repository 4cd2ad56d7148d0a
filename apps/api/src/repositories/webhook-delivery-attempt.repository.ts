import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** One `webhook_delivery_attempts` row as Postgres returns it. */
export interface WebhookDeliveryAttemptRow {
  delivery_id: string;
  attempt: number;
  attempted_at: Date;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface NewWebhookDeliveryAttempt {
  deliveryId: string;
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/**
 * `webhook_delivery_attempts`: the delivery log, one row per attempt made. Owned by
 * WebhooksModule (the dispatcher writes, WebhookEndpointsService reads).
 */
@Injectable()
export class WebhookDeliveryAttemptRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, attempt: NewWebhookDeliveryAttempt): Promise<void> {
    await manager.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, latency_ms, error)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        attempt.deliveryId,
        attempt.attempt,
        attempt.attemptedAt,
        attempt.statusCode,
        attempt.latencyMs,
        attempt.error,
      ],
    );
  }

  /** The attempts of these deliveries, oldest first within each. */
  listForDeliveries(deliveryIds: string[]): Promise<WebhookDeliveryAttemptRow[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT delivery_id, attempt, attempted_at, status_code, latency_ms, error
         FROM webhook_delivery_attempts
        WHERE delivery_id = ANY($1::uuid[])
        ORDER BY delivery_id, attempt, id`,
      [deliveryIds],
    );
  }
}
