import type { INestApplicationContext } from '@nestjs/common';
import type { Account } from '@reelscout/database';
import { PasswordResetLinks } from '../auth/password-reset-links';
import type { CliIo } from './cli.runner';

/**
 * `reset-link:create --email E`: a one-time password-reset link for one account, printed as the
 * last line, for installs without SMTP (the API never logs one). Valid for an hour; using it
 * voids the account's other links and signs it out everywhere, like a link from an e-mail.
 */
export async function resetLinkCommand(
  app: INestApplicationContext,
  account: Pick<Account, 'id' | 'email'>,
  io: CliIo,
): Promise<number> {
  const link = await app.get(PasswordResetLinks).create(account.id);
  io.out(
    `Password-reset link for ${account.email} (works once, until ${link.expiresAt.toISOString()}; ` +
      'hand it to its owner only):',
  );
  io.out(link.url);
  return 0;
}
