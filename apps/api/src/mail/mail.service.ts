import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailConfig } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends e-mail over SMTP when SMTP_URL is set. Without it nothing is sent and nothing of a
 * message is logged: its text is a reset link, a bearer credential. Start-up says so once and
 * names the CLI command that gives the operator a link for one account instead.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger('Mail');
  private readonly transport?: Transporter;
  private readonly from: string;

  constructor(@Inject(mailConfig.KEY) config: ConfigType<typeof mailConfig>) {
    const url = config.smtpUrl;
    this.from = config.from;
    if (url) this.transport = nodemailer.createTransport(url);
  }

  onModuleInit(): void {
    if (this.transport) return;
    this.logger.warn(
      'SMTP_URL is not set: password-reset e-mails are not sent (and their links are never ' +
        'logged). To give someone a reset link: npm run cli -- reset-link:create --email <address>',
    );
  }

  get delivers(): boolean {
    return this.transport !== undefined;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) return;
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}
