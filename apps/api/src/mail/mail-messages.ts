/**
 * The e-mails the API sends, in each language the dashboard speaks. The dashboard sends its
 * active locale with the request that triggers a mail; without one, English.
 */
export const MAIL_LOCALES = ['en', 'zh-Hans'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];
export const DEFAULT_MAIL_LOCALE: MailLocale = 'en';

export interface PasswordResetMailValues {
  /** The account's address, as the reader knows it. */
  email: string;
  /** The one-time link to the dashboard's reset page. */
  link: string;
}

export interface MailContent {
  subject: string;
  text: string;
}

const PASSWORD_RESET: Record<MailLocale, (values: PasswordResetMailValues) => MailContent> = {
  en: ({ email, link }) => ({
    subject: 'Reset your Reelscout password',
    text: [
      `Someone asked to reset the password of ${email}.`,
      '',
      'To choose a new one, open this link within an hour:',
      link,
      '',
      'If it was not you, ignore this e-mail.',
    ].join('\n'),
  }),
  'zh-Hans': ({ email, link }) => ({
    subject: '重置您的 Reelscout 密码',
    text: [
      `有人请求重置 ${email} 的密码。`,
      '',
      '如需设置新密码，请在一小时内打开以下链接：',
      link,
      '',
      '如果这不是您本人的操作，请忽略此邮件。',
    ].join('\n'),
  }),
};

/** The password-reset e-mail in `locale` (English when none is given). */
export function passwordResetMail(
  values: PasswordResetMailValues,
  locale: MailLocale = DEFAULT_MAIL_LOCALE,
): MailContent {
  return PASSWORD_RESET[locale](values);
}
