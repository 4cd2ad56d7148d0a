import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Account } from '@reelscout/database';
import type { Request, Response } from 'express';
import { AccountsService, toAccountView, type AccountView } from '../accounts/accounts.service';
import { AuthService } from './auth.service';
import {
  PasswordResetConfirmDto,
  PasswordResetRequestDto,
  SignInDto,
  SignUpDto,
} from './dto/auth.dto';
import { InvitesService, type InviteState } from './invites.service';
import { LocalAuthGuard } from './local-auth.guard';
import { SESSION_COOKIE } from './session';

/** Starts a fresh session for `accountId` (a new session id: no fixation). */
function startSession(req: Request, accountId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((error) => {
      if (error) return reject(error);
      req.session.accountId = accountId;
      req.session.save((saveError) => (saveError ? reject(saveError) : resolve()));
    });
  });
}

@ApiTags('dashboard: auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
    private readonly invites: InvitesService,
  ) {}

  @Post('sign-in')
  @HttpCode(200)
  @UseGuards(LocalAuthGuard)
  async signIn(
    @Req() req: Request & { user: Account },
    @Body() _body: SignInDto,
  ): Promise<{ account: AccountView }> {
    await startSession(req, req.user.id);
    return { account: toAccountView(req.user) };
  }

  @Post('sign-up')
  @HttpCode(201)
  async signUp(@Req() req: Request, @Body() body: SignUpDto): Promise<{ account: AccountView }> {
    const account = await this.auth.signUp(body);
    await startSession(req, account.id);
    return { account: toAccountView(account) };
  }

  @Post('sign-out')
  @HttpCode(200)
  async signOut(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ signedOut: true }> {
    await new Promise<void>((resolve) =>
      req.session ? req.session.destroy(() => resolve()) : resolve(),
    );
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { signedOut: true };
  }

  @Get('session')
  async session(@Req() req: Request): Promise<{ signedIn: boolean; account: AccountView | null }> {
    const id = req.session?.accountId;
    const account = id ? await this.accounts.findById(id) : null;
    return { signedIn: account !== null, account: account ? toAccountView(account) : null };
  }

  @Get('invites/:token')
  async invite(
    @Param('token') token: string,
  ): Promise<{ state: InviteState; email: string | null }> {
    if (token.length > 128) return { state: 'unknown', email: null };
    return this.invites.inspect(token);
  }

  @Post('password-reset/request')
  @HttpCode(202)
  async requestReset(@Body() body: PasswordResetRequestDto): Promise<{ accepted: true }> {
    await this.auth.requestPasswordReset(body.email);
    return { accepted: true };
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  async confirmReset(@Body() body: PasswordResetConfirmDto): Promise<{ reset: true }> {
    await this.auth.confirmPasswordReset(body.token, body.password);
    return { reset: true };
  }
}
