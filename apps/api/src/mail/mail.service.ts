import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Environment } from '../config/environment';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail over SMTP when SMTP_URL is set; otherwise writes the message to the log. */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport?: Transporter;
  private readonly from: string;

  constructor(config: ConfigService<Environment, true>) {
    const url = config.get('SMTP_URL', { infer: true });
    this.from = config.get('MAIL_FROM', { infer: true });
    if (url) this.transport = nodemailer.createTransport(url);
  }

  get delivers(): boolean {
    return this.transport !== undefined;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) {
      // Development without SMTP: the operator reads the message (and its link) from the log.
      this.logger.warn(
        `SMTP_URL is not set; e-mail to ${mail.to} not sent.\n${mail.subject}\n${mail.text}`,
      );
      return;
    }
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}
