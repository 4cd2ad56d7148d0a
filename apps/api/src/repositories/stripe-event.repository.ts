import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** `stripe_events`: the ids of the webhook events acted on. Owned by PaymentsModule. */
@Injectable()
export class StripeEventRepository {
  /** Records the event; false when it was already recorded (a replayed delivery). */
  async create(id: string, type: string, manager: EntityManager): Promise<boolean> {
    const fresh: unknown[] = await manager.query(
      `INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
      [id, type],
    );
    return fresh.length > 0;
  }
}
