import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { webhooksConfig } from '../config';

const HKDF_INFO = 'reelscout webhook secrets';
const FORMAT = 'v1';
const SECRET_BYTES = 32;

/** A new signing secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * Signing secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from AUTH_SECRET, each
 * sealed to its endpoint's id (the additional data), so a ciphertext copied onto another row
 * does not open. The dispatcher needs the plaintext to sign, so a hash would not do.
 *
 * Without AUTH_SECRET (development), the key is random per process: sessions are already
 * temporary in that case (see bootstrap.ts), and endpoints created before a restart can no longer
 * sign; rotating their secret repairs them.
 */
@Injectable()
export class WebhookSecretBox {
  private readonly key: Buffer;

  constructor(@Inject(webhooksConfig.KEY) config: ConfigType<typeof webhooksConfig>) {
    const secret = config.authSecret;
    if (!secret) {
      new Logger('Webhooks').warn(
        'AUTH_SECRET is not set; webhook signing secrets are encrypted under a temporary key ' +
          'and will not survive a restart (rotate them after one)',
      );
    }
    const ikm = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
    this.key = Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), HKDF_INFO, 32));
  }

  /** `v1.<iv>.<ciphertext>.<tag>`, base64url parts. */
  seal(endpointId: string, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(endpointId, 'utf8'));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [FORMAT, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The secret sealed for this endpoint; throws when it was sealed under another key or row. */
  open(endpointId: string, sealed: string): string {
    const [format, iv, body, tag] = sealed.split('.');
    if (format !== FORMAT || !iv || !body || !tag) {
      throw new Error('not a sealed webhook secret');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(endpointId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
