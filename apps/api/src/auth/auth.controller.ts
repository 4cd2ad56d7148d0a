import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RETRY_AFTER } from '../common/openapi/api-errors';
import { ApiDashboardRoute, dashboardBodyErrors } from '../common/openapi/route-docs';
import type { Account } from '@reelscout/database';
import type { Request, Response } from 'express';
import { AccountsService, toAccountView } from '../accounts/accounts.service';
import { AuthService } from './auth.service';
import {
  PasswordResetConfirmDto,
  PasswordResetConfirmResponseDto,
  PasswordResetRequestDto,
  PasswordResetRequestResponseDto,
  SessionResponseDto,
  SignInDto,
  SignInResponseDto,
  SignOutResponseDto,
  SignUpDto,
  SignUpResponseDto,
} from './dto/auth.dto';
import { InviteInspectResponseDto } from './dto/invite.dto';
import { InvitesService } from './invites.service';
import { AuthAttemptGuard } from '../throttling/auth-attempt.guard';
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
  // The attempt counts first, before the password is checked.
  @UseGuards(AuthAttemptGuard, LocalAuthGuard)
  @ApiDashboardRoute({
    operationId: 'authSignIn',
    summary: 'Sign in with e-mail and password',
    description: 'Starts a session: the `rs_session` cookie is set on the response.',
    auth: 'public',
    authAttempt: true,
    errors: {
      ...dashboardBodyErrors(),
      401: {
        description: '`unauthorized`: wrong e-mail or password.',
        samples: { unauthorized: { message: 'Wrong e-mail or password.' } },
      },
      429: {
        description:
          '`rate_limited`: over the per-IP ceilings of the dashboard and of auth attempts, or too many failed sign-ins for this e-mail; retry after `Retry-After` seconds.',
        headers: RETRY_AFTER,
      },
    },
  })
  @ApiOkResponse({ type: SignInResponseDto, description: 'Signed in; the session cookie is set.' })
  async signIn(
    @Req() req: Request & { user: Account },
    @Body() _body: SignInDto,
  ): Promise<SignInResponseDto> {
    await startSession(req, req.user.id);
    return { account: toAccountView(req.user) };
  }

  @Post('sign-up')
  @HttpCode(201)
  @UseGuards(AuthAttemptGuard)
  @ApiDashboardRoute({
    operationId: 'authSignUp',
    summary: 'Create an account from an invite',
    description:
      'Invite-only: the invite token and its e-mail address. Signs the new account in (sets the `rs_session` cookie).',
    auth: 'public',
    authAttempt: true,
    errors: dashboardBodyErrors(),
  })
  @ApiCreatedResponse({
    type: SignUpResponseDto,
    description: 'The account exists and is signed in; the session cookie is set.',
  })
  async signUp(@Req() req: Request, @Body() body: SignUpDto): Promise<SignUpResponseDto> {
    const account = await this.auth.signUp(body);
    await startSession(req, account.id);
    return { account: toAccountView(account) };
  }

  @Post('sign-out')
  @HttpCode(200)
  @ApiDashboardRoute({
    operationId: 'authSignOut',
    summary: 'Sign out',
    description: 'Ends the session, if there is one, and clears its cookie. Always succeeds.',
    auth: 'optional',
    errors: dashboardBodyErrors(),
  })
  @ApiOkResponse({ type: SignOutResponseDto })
  async signOut(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SignOutResponseDto> {
    await new Promise<void>((resolve) =>
      req.session ? req.session.destroy(() => resolve()) : resolve(),
    );
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { signedOut: true };
  }

  @Get('session')
  @ApiDashboardRoute({
    operationId: 'authGetSession',
    summary: 'Who is signed in',
    description: '`signedIn: false` (not an error) without a valid session.',
    auth: 'optional',
  })
  @ApiOkResponse({ type: SessionResponseDto })
  async session(@Req() req: Request): Promise<SessionResponseDto> {
    const id = req.session?.accountId;
    const account = id ? await this.accounts.findById(id) : null;
    return { signedIn: account !== null, account: account ? toAccountView(account) : null };
  }

  @Get('invites/:token')
  @ApiDashboardRoute({
    operationId: 'authInspectInvite',
    summary: 'Check an invite link before signing up',
    description: 'Its state (`valid`, `used`, `expired`, `unknown`) and the e-mail it is for.',
    auth: 'public',
  })
  @ApiOkResponse({ type: InviteInspectResponseDto })
  async invite(@Param('token') token: string): Promise<InviteInspectResponseDto> {
    if (token.length > 128) return { state: 'unknown', email: null };
    return this.invites.inspect(token);
  }

  @Post('password-reset/request')
  @HttpCode(202)
  @UseGuards(AuthAttemptGuard)
  @ApiDashboardRoute({
    operationId: 'authRequestPasswordReset',
    summary: 'E-mail a password reset link',
    description:
      'Answers 202 at once, the same for any address; the link is made and e-mailed afterwards (only to an existing account, only when SMTP is configured).',
    auth: 'public',
    authAttempt: true,
    errors: dashboardBodyErrors(),
  })
  @ApiAcceptedResponse({
    type: PasswordResetRequestResponseDto,
    description: 'The same answer whether or not an account has this address.',
  })
  requestReset(@Body() body: PasswordResetRequestDto): PasswordResetRequestResponseDto {
    this.auth.requestPasswordReset(body.email, body.locale);
    return { accepted: true };
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  @UseGuards(AuthAttemptGuard)
  @ApiDashboardRoute({
    operationId: 'authConfirmPasswordReset',
    summary: 'Set a new password with a reset link',
    description:
      'Ends every session of the account and voids its other unused reset links. A used, expired or unknown token is 400.',
    auth: 'public',
    authAttempt: true,
    errors: dashboardBodyErrors(),
  })
  @ApiOkResponse({ type: PasswordResetConfirmResponseDto })
  async confirmReset(
    @Body() body: PasswordResetConfirmDto,
  ): Promise<PasswordResetConfirmResponseDto> {
    await this.auth.confirmPasswordReset(body.token, body.password);
    return { reset: true };
  }
}
