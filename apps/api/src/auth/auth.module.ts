import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { AppSettingRepository } from '../repositories/app-setting.repository';
import { InviteRepository } from '../repositories/invite.repository';
import { PasswordResetRepository } from '../repositories/password-reset.repository';
import { SessionRepository } from '../repositories/session.repository';
import { SignInFailureRepository } from '../repositories/sign-in-failure.repository';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { BootstrapInviteService } from './bootstrap-invite.service';
import { InvitesController } from './invites.controller';
import { InvitesService } from './invites.service';
import { LocalAuthGuard } from './local-auth.guard';
import { PasswordResetLinks } from './password-reset-links';
import { SignInThrottle } from './sign-in-throttle.service';

@Module({
  imports: [AccountsModule, MailModule],
  controllers: [AuthController, InvitesController],
  providers: [
    AuthService,
    InvitesService,
    SignInThrottle,
    LocalAuthGuard,
    PasswordResetLinks,
    BootstrapInviteService,
    InviteRepository,
    PasswordResetRepository,
    SignInFailureRepository,
    SessionRepository,
    AppSettingRepository,
  ],
  exports: [AuthService, InvitesService, BootstrapInviteService],
})
export class AuthModule {}
