import { Injectable } from '@nestjs/common';
import {
  JOB_EVENT_TYPES,
  type JobEventType,
  type Mode,
  type WebhookEventType,
} from '@reelscout/domain';
import type { EntityManager } from 'typeorm';
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
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  /**
   * Inside the caller's open transaction: one pending delivery per enabled, not-deleted endpoint
   * of (accountId, mode) subscribed to `type`; payload {type, timestamp (ISO), data}; one message
   * id `msg_…` per delivery, stable across its retries. Returns how many.
   */
  enqueue(manager: EntityManager, event: JobEvent): Promise<number> {
    const payload = JSON.stringify({
      type: event.type,
      timestamp: new Date().toISOString(),
      data: event.data,
    });
    return this.deliveries.enqueue(manager, {
      accountId: event.accountId,
      mode: event.mode,
      eventType: event.type,
      payload,
    });
  }

  /** After the caller's commit: wake this process's dispatcher now (no-op when JOBS_WORKER is false). */
  kick(): void {
    this.dispatcher.kick();
  }
}
