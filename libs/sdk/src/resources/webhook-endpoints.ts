import { type Core, type RequestOptions, type WithResponse } from '../core';
import { Page, type ListBody, pagePromise, type PagePromise } from '../pagination';
import type {
  DeletedWebhookEndpoint,
  ListParams,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreateParams,
  WebhookEndpointUpdateParams,
  WebhookEndpointWithSecret,
} from '../types';

/** `/v1/webhook_endpoints`: where job events are sent (of the key's mode). */
export class WebhookEndpoints {
  constructor(private readonly core: Core) {}

  /** The answer carries `secret` (`whsec_…`), shown only here and by `rotateSecret`. */
  create(
    body: WebhookEndpointCreateParams,
    options?: RequestOptions,
  ): Promise<WithResponse<WebhookEndpointWithSecret>> {
    return this.core.request({ method: 'POST', path: '/v1/webhook_endpoints', body, options });
  }

  list(params: ListParams = {}, options?: RequestOptions): PagePromise<WebhookEndpoint> {
    return this.paged<WebhookEndpoint>('/v1/webhook_endpoints', params, options);
  }

  get(id: string, options?: RequestOptions): Promise<WithResponse<WebhookEndpoint>> {
    return this.core.request({ method: 'GET', path: this.path(id), options });
  }

  /** `status: "enabled"` also clears the failing state. */
  update(
    id: string,
    body: WebhookEndpointUpdateParams,
    options?: RequestOptions,
  ): Promise<WithResponse<WebhookEndpoint>> {
    return this.core.request({ method: 'PATCH', path: this.path(id), body, options });
  }

  delete(id: string, options?: RequestOptions): Promise<WithResponse<DeletedWebhookEndpoint>> {
    return this.core.request({ method: 'DELETE', path: this.path(id), options });
  }

  /** A new secret, current at once; the old one keeps signing along for 24 h. */
  rotateSecret(
    id: string,
    options?: RequestOptions,
  ): Promise<WithResponse<WebhookEndpointWithSecret>> {
    return this.core.request({
      method: 'POST',
      path: `${this.path(id)}/rotate_secret`,
      options,
    });
  }

  /** The endpoint's delivery log, newest first. */
  deliveries(
    id: string,
    params: ListParams = {},
    options?: RequestOptions,
  ): PagePromise<WebhookDelivery> {
    return this.paged<WebhookDelivery>(`${this.path(id)}/deliveries`, params, options);
  }

  /** Sends a delivery again now, with the same `webhook-id`. */
  redeliver(
    id: string,
    deliveryId: string,
    options?: RequestOptions,
  ): Promise<WithResponse<WebhookDelivery>> {
    return this.core.request({
      method: 'POST',
      path: `${this.path(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      options,
    });
  }

  private path(id: string): string {
    return `/v1/webhook_endpoints/${encodeURIComponent(id)}`;
  }

  private paged<T extends { id: string }>(
    path: string,
    params: ListParams,
    options: RequestOptions | undefined,
  ): PagePromise<T> {
    const fetchPage = async (startingAfter?: string): Promise<Page<T>> => {
      const body = await this.core.request<ListBody<T>>({
        method: 'GET',
        path,
        query: { limit: params.limit, starting_after: startingAfter },
        options,
      });
      return new Page(body, fetchPage);
    };
    return pagePromise(fetchPage(params.starting_after));
  }
}
