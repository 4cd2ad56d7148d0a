import { MAIL_LOCALES, passwordResetMail } from './mail-messages';

describe('password-reset e-mail', () => {
  const values = {
    email: 'ada@example.com',
    link: 'https://dash.example/reset-password/tok_123',
  };

  it('is English by default', () => {
    const mail = passwordResetMail(values);
    expect(mail.subject).toBe('Reset your Reelscout password');
    expect(mail.text).toContain('Someone asked to reset the password of ada@example.com.');
    expect(mail.text).toContain(`\n${values.link}\n`);
  });

  it('is in simplified Chinese for zh-Hans, with the same address and link', () => {
    const mail = passwordResetMail(values, 'zh-Hans');
    expect(mail.subject).toBe('重置您的 Reelscout 密码');
    expect(mail.text).toContain('有人请求重置 ada@example.com 的密码。');
    expect(mail.text).toContain('请在一小时内打开以下链接');
    expect(mail.text).toContain(`\n${values.link}\n`);
    expect(mail.text).not.toMatch(/Someone|ignore/);
  });

  it.each(MAIL_LOCALES)('%s: a subject and every value, no placeholder left', (locale) => {
    const mail = passwordResetMail(values, locale);
    expect(mail.subject.trim()).not.toBe('');
    expect(mail.text).toContain(values.email);
    expect(mail.text).toContain(values.link);
    expect(`${mail.subject}${mail.text}`).not.toMatch(/\$\{|\{\w+\}/);
  });
});
