import { Module } from '@nestjs/common';
import { SessionGuard } from '../request-context/session.guard';
import { AccountRepository } from '../repositories/account.repository';
import { AccountController } from './account.controller';
import { AccountsService } from './accounts.service';
import { PasswordHasher } from './password.hasher';

@Module({
  controllers: [AccountController],
  providers: [AccountsService, AccountRepository, PasswordHasher, SessionGuard],
  exports: [AccountsService, PasswordHasher, SessionGuard],
})
export class AccountsModule {}
