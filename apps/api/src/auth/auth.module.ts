import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { BootstrapInviteService } from './bootstrap-invite.service';
import { InvitesController } from './invites.controller';
import { InvitesService } from './invites.service';
import { LocalAuthGuard } from './local-auth.guard';
import { SignInThrottle } from './sign-in-throttle.service';

@Module({
  imports: [AccountsModule, MailModule],
  controllers: [AuthController, InvitesController],
  providers: [AuthService, InvitesService, SignInThrottle, LocalAuthGuard, BootstrapInviteService],
  exports: [AuthService, InvitesService, BootstrapInviteService],
})
export class AuthModule {}
