import { anySignal, withTimeoutSignal } from '../../../common/async/abort';
import { readBody } from '../../../egress';
import { downloadToTempFile } from '../../http/media-download';
import { toDomainError } from '../../http/provider-call.error';
import type { CallOptions, DownloadOptions, TimedText } from '../../provider.types';
import type { TikhubClient } from './client';
import { parseCaptionFile } from './mappers';

const CAPTION_MAX_BYTES = 512 * 1024;

/**
 * Files at URLs from the provider's answers (videos, sounds, covers, caption files): every
 * request goes through the egress guard, never with the provider's key.
 */
export class TikhubMedia {
  constructor(private readonly client: TikhubClient) {}

  async downloadMedia(
    url: string,
    download: DownloadOptions,
    options: CallOptions = {},
  ): Promise<string> {
    try {
      return await downloadToTempFile(url, {
        maxBytes: download.maxBytes,
        kind: download.kind,
        cookie: download.cookie,
        timeoutMs: this.client.settings.downloadTimeoutMs,
        signal: options.signal,
        egress: this.client.settings.egress,
      });
    } catch (error) {
      this.client.logRefusal(error, download.kind);
      throw toDomainError(error, 'the media host');
    }
  }

  /** Best effort: the platform's caption file; `null` when it cannot be had. */
  async fetchCaptions(url: string, signal?: AbortSignal): Promise<TimedText[] | null> {
    return withTimeoutSignal(this.client.settings.timeoutMs, async (timedOut) => {
      try {
        const response = await this.client.settings.egress.request(url, {
          signal: anySignal([signal, timedOut]),
          timeoutMs: this.client.settings.timeoutMs,
          maxRedirects: 3,
        });
        if (response.status !== 200) {
          response.discard();
          return null;
        }
        return parseCaptionFile((await readBody(response, CAPTION_MAX_BYTES)).toString('utf8'));
      } catch (error) {
        this.client.logRefusal(error, 'captions');
        return null;
      }
    });
  }
}
