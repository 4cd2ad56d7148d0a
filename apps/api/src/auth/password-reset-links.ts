import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomToken, sha256Hex } from '../common/crypto/tokens';
import { authConfig } from '../config';
import { PasswordResetRepository } from '../repositories/password-reset.repository';

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * 60_000;

export interface ResetLink {
  /** The dashboard's reset page for the one-time token: a bearer credential until used. */
  url: string;
  expiresAt: Date;
}

/**
 * Makes one-time password-reset links: a random token whose hash is stored, valid for an hour.
 * The e-mail path and the operator CLI (`reset-link:create`, for installs without SMTP) both
 * make them here. The link itself is handed to its one reader and never logged.
 */
@Injectable()
export class PasswordResetLinks {
  private readonly base: string;

  constructor(
    private readonly resets: PasswordResetRepository,
    @Inject(authConfig.KEY) config: ConfigType<typeof authConfig>,
  ) {
    this.base = config.publicUrl.replace(/\/$/, '');
  }

  async create(accountId: string): Promise<ResetLink> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + RESET_TTL_MS);
    await this.resets.create(accountId, sha256Hex(token), expiresAt);
    return { url: `${this.base}/reset-password/${token}`, expiresAt };
  }
}
