import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { webhooksConfig } from '../config';
import { WebhookDeliveryAttemptRepository } from '../repositories/webhook-delivery-attempt.repository';
import {
  WebhookDeliveryRepository,
  type AttemptResult,
  type ClaimedDelivery,
} from '../repositories/webhook-delivery.repository';
import { WebhookEndpointRepository } from '../repositories/webhook-endpoint.repository';
import { afterFailure, parseRetryDelays } from './webhook-schedule';
import { WebhookSecretBox } from './webhook-secrets';
import { WebhookSender, type AttemptOutcome } from './webhook-sender';
import { observeWebhookAttempt, recordWebhookAttempt } from '../common/observability/observe';

/** Attempts one process makes at once. */
export const SENDER_SLOTS = 16;
/**
 * The most of those one account may hold. A receiver that never answers keeps its slots for the
 * whole timeout, so one account's endpoints (a tarpit) could otherwise hold every slot and queue
 * everyone else's deliveries behind theirs; with this share the others always keep the rest.
 */
export const ACCOUNT_SHARE = 4;
/** A claimed delivery is due again this long after its attempt's deadline (a dead process's). */
const LEASE_MARGIN_MS = 30_000;

/**
 * Sends due deliveries, in processes that run background work (`JOBS_WORKER`). Wakes every
 * `WEBHOOK_POLL_INTERVAL_MS`, whenever a job ends here (`kick`) and whenever an attempt ends;
 * each wake-up claims as many deliveries as there are free slots (`SKIP LOCKED`, so several
 * processes share the work), fairly across accounts (`ACCOUNT_SHARE`), and starts one attempt per
 * delivery, recorded with the delivery's next step and the endpoint's health in one transaction.
 * A slow receiver holds only its own slot: the others are refilled as soon as they free up.
 * On shutdown it stops claiming and aborts the attempts in flight; their leases run out and
 * another process (or the next start) sends them.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private readonly enabled: boolean;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly disableAfterMs: number;
  private readonly delaysS: number[];
  private readonly stop = new AbortController();
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  /** Attempts in flight here, by delivery id. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** How many of them each account holds. */
  private readonly held = new Map<string, number>();

  constructor(
    @Inject(webhooksConfig.KEY) config: ConfigType<typeof webhooksConfig>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly attempts: WebhookDeliveryAttemptRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly secrets: WebhookSecretBox,
    private readonly sender: WebhookSender,
  ) {
    this.enabled = config.worker;
    this.pollMs = config.pollIntervalMs;
    this.leaseMs = config.timeoutMs + LEASE_MARGIN_MS;
    this.disableAfterMs = config.disableAfterMs;
    this.delaysS = parseRetryDelays(config.retryDelaysS);
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    this.started = true;
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.stop.abort(new Error('shutting down'));
    await this.running;
    await Promise.allSettled(this.inFlight.values());
  }

  /** Run now (a job just ended here, a slot freed); if a run is under way, once more after it. */
  kick(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), ms);
    this.timer.unref();
  }

  private run(): void {
    if (!this.started || this.running) return;
    this.again = false;
    this.running = this.drain()
      .catch((error: unknown) =>
        this.logger.error(`webhook dispatch failed: ${(error as Error).message}`),
      )
      .finally(() => {
        this.running = null;
        if (this.started) this.schedule(this.again ? 0 : this.pollMs);
      });
  }

  /** One claim for the free slots; the attempts run on, each freeing its slot when it ends. */
  private async drain(): Promise<void> {
    const free = SENDER_SLOTS - this.inFlight.size;
    if (free <= 0) return;
    const claimed = await this.deliveries.claimDue(free, this.leaseMs, {
      share: ACCOUNT_SHARE,
      held: this.held,
    });
    for (const delivery of claimed) this.start(delivery);
  }

  private start(delivery: ClaimedDelivery): void {
    const account = delivery.account_id;
    this.held.set(account, (this.held.get(account) ?? 0) + 1);
    const attempt = this.attempt(delivery)
      .catch((error: unknown) =>
        this.logger.error(`webhook attempt failed: ${(error as Error).message}`),
      )
      .finally(() => {
        this.inFlight.delete(delivery.id);
        const left = (this.held.get(account) ?? 1) - 1;
        if (left > 0) this.held.set(account, left);
        else this.held.delete(account);
        this.kick();
      });
    this.inFlight.set(delivery.id, attempt);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    let secrets: string[];
    try {
      secrets = [delivery.secret_ciphertext, delivery.previous_secret_ciphertext]
        .filter((sealed): sealed is string => sealed !== null)
        .map((sealed) => this.secrets.open(delivery.endpoint_id, sealed));
    } catch {
      // Sealed under another key (AUTH_SECRET changed, or a development restart): the attempt
      // cannot be signed. It is logged as failed, like any other, until the secret is rotated.
      secrets = [];
    }
    const outcome: AttemptOutcome =
      secrets.length === 0
        ? {
            ok: false,
            attemptedAt: new Date(),
            statusCode: null,
            latencyMs: 0,
            error: 'the signing secret cannot be read; rotate it',
          }
        : await observeWebhookAttempt(delivery, () =>
            this.sender.send(
              {
                url: delivery.url,
                mode: delivery.mode,
                messageId: delivery.message_id,
                body: delivery.payload,
                secrets,
              },
              this.stop.signal,
            ),
          );
    // Cut off by shutdown: not an answer from the receiver. The lease brings it back.
    if (this.stop.signal.aborted && !outcome.ok) return;
    await this.record(delivery, outcome);
  }

  private async record(delivery: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
    const attempt = delivery.attempts + 1;
    const result: AttemptResult = outcome.ok
      ? { kind: 'succeeded', statusCode: outcome.statusCode! }
      : {
          ...afterFailure(attempt, this.delaysS, delivery.manual),
          statusCode: outcome.statusCode,
        };
    recordWebhookAttempt(result.kind, delivery, outcome.attemptedAt);
    await this.dataSource.transaction(async (manager) => {
      const recorded = await this.deliveries.recordAttempt(
        manager,
        delivery.id,
        delivery.attempts,
        result,
      );
      if (!recorded) return;
      await this.attempts.insert(manager, {
        deliveryId: delivery.id,
        attempt,
        attemptedAt: outcome.attemptedAt,
        statusCode: outcome.statusCode,
        latencyMs: outcome.latencyMs,
        error: outcome.error,
      });
      if (outcome.ok) {
        await this.endpoints.recordSuccess(delivery.endpoint_id, manager);
        return;
      }
      const status = await this.endpoints.recordFailure(
        delivery.endpoint_id,
        this.disableAfterMs,
        disabledReason(this.disableAfterMs),
        manager,
      );
      if (status === 'disabled') {
        this.logger.warn(`webhook endpoint ${delivery.endpoint_id} disabled: failing too long`);
      }
    });
  }
}

function disabledReason(disableAfterMs: number): string {
  const hours = disableAfterMs / 3_600_000;
  const span =
    hours >= 48
      ? `${Math.round(hours / 24)} days`
      : hours >= 1
        ? `${Math.round(hours)} hours`
        : `${Math.round(disableAfterMs / 1000)} seconds`;
  return `Deliveries failed for more than ${span}.`;
}
