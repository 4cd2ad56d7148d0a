import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type Mode, type WebhookEventType } from '@reelscout/domain';
import { DataSource } from 'typeorm';
import { EgressGuard, EgressRefusedError } from '../egress';
import { WebhookDeliveryAttemptRepository } from '../repositories/webhook-delivery-attempt.repository';
import {
  WebhookDeliveryRepository,
  type WebhookDeliveryRow,
} from '../repositories/webhook-delivery.repository';
import {
  WebhookEndpointRepository,
  type EndpointScope,
  type WebhookEndpointRow,
} from '../repositories/webhook-endpoint.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { JOB_EVENT_TYPES } from './webhook-outbox';
import { newSigningSecret, WebhookSecretBox } from './webhook-secrets';
import { invalidUrl, parseEndpointUrl } from './webhook-url';
import {
  deliveryView,
  endpointView,
  type CreatedWebhookEndpointView,
  type DeletedWebhookEndpointView,
  type ListView,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from './webhook-views';

export type { EndpointScope };

/**
 * Endpoints one account may have per mode (Stripe's figure). Each job event is delivered to
 * every one of them, so the cap also bounds what one event costs the sender.
 */
export const MAX_ENDPOINTS_PER_MODE = 16;
/** How long a rotated-out secret still signs deliveries (Standard Webhooks practice). */
export const ROTATION_GRACE_SECONDS = 24 * 3600;
/** How long creating or changing an endpoint waits for its host's DNS answer. */
const DNS_CHECK_MS = 3_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PageRequest {
  limit?: number;
  starting_after?: string;
}

/**
 * The rules of webhook endpoints, for both fronts (an API key, scoped to its account and mode;
 * the dashboard session, scoped to its account): what a URL may be, which events, secrets shown
 * once and sealed at rest, rotation, the delivery log and manual redelivery. An id outside the
 * scope, or not an id at all, is 404 like one that does not exist (OWASP API1).
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly attempts: WebhookDeliveryAttemptRepository,
    private readonly secrets: WebhookSecretBox,
    private readonly egress: EgressGuard,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  async create(
    owner: { accountId: string; mode: Mode },
    input: { url: string; events?: WebhookEventType[] },
  ): Promise<CreatedWebhookEndpointView> {
    const url = await this.checkedUrl(input.url, owner.mode);
    const id = randomUUID();
    const secret = newSigningSecret();
    const row = await this.dataSource.transaction(async (manager) => {
      const count = await this.endpoints.countForCreate(owner.accountId, owner.mode, manager);
      if (count >= MAX_ENDPOINTS_PER_MODE) {
        throw new DomainError(
          'resource_limit_reached',
          `This account already has ${count} ${owner.mode}-mode webhook endpoints, the most allowed (${MAX_ENDPOINTS_PER_MODE}); delete one first.`,
          { param: 'webhook_endpoints' },
        );
      }
      return this.endpoints.create(
        {
          id,
          accountId: owner.accountId,
          mode: owner.mode,
          url,
          events: input.events ?? [...JOB_EVENT_TYPES],
          secretCiphertext: this.secrets.seal(id, secret),
        },
        manager,
      );
    });
    return { ...endpointView(row), secret };
  }

  async list(
    owner: { accountId: string; mode: Mode },
    page: PageRequest,
  ): Promise<ListView<WebhookEndpointView>> {
    const limit = page.limit ?? 10;
    const after = page.starting_after
      ? await this.endpoints.getById(owner, this.cursorId(page.starting_after))
      : null;
    if (page.starting_after && !after) throw unknownCursor();
    const rows = await this.endpoints.list(owner.accountId, owner.mode, {
      limit: limit + 1,
      startingAfter: after,
    });
    return listOf(rows.slice(0, limit).map(endpointView), rows.length > limit);
  }

  async get(scope: EndpointScope, id: string): Promise<WebhookEndpointView> {
    return endpointView(await this.owned(scope, id));
  }

  async update(
    scope: EndpointScope,
    id: string,
    changes: { url?: string; events?: WebhookEventType[]; status?: 'enabled' | 'disabled' },
  ): Promise<WebhookEndpointView> {
    const current = await this.owned(scope, id);
    const url =
      changes.url === undefined ? undefined : await this.checkedUrl(changes.url, current.mode);
    const row = await this.endpoints.update(scope, current.id, { ...changes, url });
    if (!row) throw notFound();
    if (changes.status === 'enabled') this.dispatcher.kick();
    return endpointView(row);
  }

  /** Soft delete; its pending deliveries end as failed (they would never be sent). */
  async delete(scope: EndpointScope, id: string): Promise<DeletedWebhookEndpointView> {
    const current = await this.owned(scope, id);
    await this.dataSource.transaction(async (manager) => {
      const row = await this.endpoints.softDelete(scope, current.id, manager);
      if (!row) throw notFound();
      await this.deliveries.failPendingOfEndpoint(current.id, manager);
    });
    return { id: current.id, object: 'webhook_endpoint', deleted: true };
  }

  /** A new secret, shown once; the old one keeps signing (alongside) for 24 hours. */
  async rotateSecret(scope: EndpointScope, id: string): Promise<CreatedWebhookEndpointView> {
    const current = await this.owned(scope, id);
    const secret = newSigningSecret();
    const row = await this.endpoints.rotateSecret(
      scope,
      current.id,
      this.secrets.seal(current.id, secret),
      ROTATION_GRACE_SECONDS,
    );
    if (!row) throw notFound();
    return { ...endpointView(row), secret };
  }

  async listDeliveries(
    scope: EndpointScope,
    id: string,
    page: PageRequest,
  ): Promise<ListView<WebhookDeliveryView>> {
    const endpoint = await this.owned(scope, id);
    const limit = page.limit ?? 10;
    const after = page.starting_after
      ? await this.deliveries.getForEndpoint(endpoint.id, this.cursorId(page.starting_after))
      : null;
    if (page.starting_after && !after) throw unknownCursor();
    const rows = await this.deliveries.listForEndpoint(endpoint.id, {
      limit: limit + 1,
      startingAfter: after,
    });
    const shown = rows.slice(0, limit);
    return listOf(await this.withAttempts(shown), rows.length > limit);
  }

  /** One more attempt of a delivery, now, with the same `webhook-id`. */
  async redeliver(
    scope: EndpointScope,
    id: string,
    deliveryId: string,
  ): Promise<WebhookDeliveryView> {
    const endpoint = await this.owned(scope, id);
    if (!UUID.test(deliveryId)) throw notFound('delivery');
    if (endpoint.status === 'disabled') {
      throw new DomainError(
        'invalid_request',
        'The endpoint is disabled: enable it (status "enabled") before redelivering.',
      );
    }
    const row = await this.deliveries.redeliver(endpoint.id, deliveryId);
    if (!row) throw notFound('delivery');
    this.dispatcher.kick();
    return (await this.withAttempts([row]))[0];
  }

  private async owned(scope: EndpointScope, id: string): Promise<WebhookEndpointRow> {
    const row = UUID.test(id) ? await this.endpoints.getById(scope, id) : null;
    if (!row) throw notFound();
    return row;
  }

  /** A cursor that is not an id cannot name a row: the same answer as an unknown one. */
  private cursorId(value: string): string {
    if (!UUID.test(value)) throw unknownCursor();
    return value;
  }

  /** The URL's form, then the egress policy on its host (DNS included; checked again per attempt). */
  private async checkedUrl(raw: string, mode: Mode): Promise<string> {
    const url = parseEndpointUrl(raw, mode);
    try {
      await this.egress.checkDestination(url, { timeoutMs: DNS_CHECK_MS });
    } catch (error) {
      if (error instanceof EgressRefusedError) {
        throw invalidUrl(
          `\`url\` is not a destination webhooks may be sent to: ${error.publicReason}.`,
        );
      }
      throw error;
    }
    return url.toString();
  }

  private async withAttempts(rows: WebhookDeliveryRow[]): Promise<WebhookDeliveryView[]> {
    const attempts = await this.attempts.listForDeliveries(rows.map((row) => row.id));
    return rows.map((row) =>
      deliveryView(
        row,
        attempts.filter((attempt) => attempt.delivery_id === row.id),
      ),
    );
  }
}

function listOf<T>(data: T[], hasMore: boolean): ListView<T> {
  return { object: 'list', data, has_more: hasMore };
}

function notFound(what: 'endpoint' | 'delivery' = 'endpoint'): DomainError {
  return new DomainError(
    'not_found',
    what === 'endpoint' ? 'No such webhook endpoint.' : 'No such webhook delivery.',
  );
}

function unknownCursor(): DomainError {
  return new DomainError('invalid_request', '`starting_after` must be an id from this list.', {
    param: 'starting_after',
  });
}
