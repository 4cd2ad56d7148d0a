import { Account } from './account.entity';
import { ApiKey } from './api-key.entity';
import { AppSetting } from './app-setting.entity';
import { Invite } from './invite.entity';
import { PasswordReset } from './password-reset.entity';

export { Account, ApiKey, AppSetting, Invite, PasswordReset };

/** Every entity, listed explicitly so the bundled app needs no file globbing. */
export const ENTITIES = [AppSetting, Account, Invite, ApiKey, PasswordReset];
