import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import {
  JOB_EVENT_TYPES,
  type JobEventType,
  type Mode,
  type WebhookEventType,
} from '@reelscout/domain';
import type { EntityManager } from 'typeorm';
import { webhooksConfig } from '../config';
import { WebhookDeliveryRepository } from '../repositories/webhook-delivery.repository';
import { WebhookDispatcher } from './webhook-dispatcher';

export { JOB_EVENT_TYPES, type JobEventType };

/**
 * What the rest of the app hands over: a job ended (`data` is the job object), or a watch's
 * event (docs/watches.md). `data` is opaque here.
 */
export interface JobEvent {
  accountId: string;
  mode: Mode;
  type: WebhookEventType;
  data: object;
}

/**
 * The one way into webhooks for the rest of the app: deliveries are written inside the caller's
 * transaction (the jobs publisher's, which clears the job's pending event in the same one, so an
 * event exists if and only if the job's ending does), and the dispatcher sends them afterwards,
 * retrying as long as the schedule allows.
 */
@Injectable()
export class WebhookOutbox {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly dispatcher: WebhookDispatcher,
    @Inject(webhooksConfig.KEY) private readonly config: ConfigType<typeof webhooksConfig>,
  ) {}

  /**
   * Inside the caller's open transaction: one pending delivery per enabled, not-deleted endpoint
   * of (accountId, mode) subscribed to `type`; payload {type, timestamp (ISO), data}; one message
   * id `msg_…` per delivery, stable across its retries. Past the account's pending cap
   * (`WEBHOOK_MAX_PENDING_PER_ACCOUNT`) a delivery is stored as failed (`backlog_full`) instead,
   * logged here. Returns how many are pending.
   */
  async enqueue(manager: EntityManager, event: JobEvent): Promise<number> {
    const payload = JSON.stringify({
      type: event.type,
      timestamp: new Date().toISOString(),
      data: event.data,
    });
    const written = await this.deliveries.enqueue(
      manager,
      { accountId: event.accountId, mode: event.mode, eventType: event.type, payload },
      this.config.maxPendingPerAccount,
    );
    if (written.refused > 0) {
      this.logger.warn(
        { accountId: event.accountId, mode: event.mode, type: event.type, ...written },
        'webhook backlog full: deliveries stored as failed (backlog_full), not sent',
      );
    }
    return written.pending;
  }

  /** After the caller's commit: wake this process's dispatcher now (no-op when JOBS_WORKER is false). */
  kick(): void {
    this.dispatcher.kick();
  }
}
