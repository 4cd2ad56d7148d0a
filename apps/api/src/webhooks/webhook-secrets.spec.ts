import type { ConfigType } from '@nestjs/config';
import { Logger } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import type { webhooksConfig } from '../config';
import { newSigningSecret, WebhookSecretBox } from './webhook-secrets';

const configWith = (authSecret: string | undefined) =>
  ({ authSecret }) as ConfigType<typeof webhooksConfig>;

describe('webhook signing secrets', () => {
  const AUTH = 'unit-secret-unit-secret-unit-secret-unit';

  it('are Standard Webhooks secrets: whsec_ + base64 of 32 random bytes', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(() => new Webhook(secret)).not.toThrow();
    expect(newSigningSecret()).not.toBe(secret);
  });

  it('are sealed (never the plaintext) and open under the same AUTH_SECRET, in another process', () => {
    const secret = newSigningSecret();
    const sealed = new WebhookSecretBox(configWith(AUTH)).seal('endpoint-1', secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(new WebhookSecretBox(configWith(AUTH)).open('endpoint-1', sealed)).toBe(secret);
  });

  it('do not open under another key or on another endpoint row', () => {
    const sealed = new WebhookSecretBox(configWith(AUTH)).seal('endpoint-1', newSigningSecret());
    expect(() =>
      new WebhookSecretBox(configWith(`${AUTH}-other`)).open('endpoint-1', sealed),
    ).toThrow();
    expect(() => new WebhookSecretBox(configWith(AUTH)).open('endpoint-2', sealed)).toThrow();
  });

  it('without AUTH_SECRET: a temporary key, and one warning that says so', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const box = new WebhookSecretBox(configWith(undefined));
      const secret = newSigningSecret();
      expect(box.open('e', box.seal('e', secret))).toBe(secret);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain('will not survive a restart');
      expect(String(warn.mock.calls[0][0])).not.toContain(secret);
      expect(() =>
        new WebhookSecretBox(configWith(undefined)).open('e', box.seal('e', secret)),
      ).toThrow();
    } finally {
      warn.mockRestore();
    }
  });
});
