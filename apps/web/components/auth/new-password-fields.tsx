'use client';

import { useTranslations } from 'next-intl';
import { Field } from '../ui/field';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

type AuthTexts = ReturnType<typeof useTranslations<'auth'>>;

/** Client-side checks before the API's own (same bounds): field → message. */
export function checkNewPassword(
  password: string,
  repeat: string,
  t: AuthTexts,
): Record<string, string> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    return { password: t('passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }) };
  }
  if (password !== repeat) return { repeat: t('passwordsDiffer') };
  return {};
}

export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
  errors,
}: {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  errors: Record<string, string>;
}) {
  const t = useTranslations('auth');
  return (
    <>
      <Field
        label={t('password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={t('passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
      />
      <Field
        label={t('repeatPassword')}
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        value={repeat}
        onChange={(e) => onRepeat(e.target.value)}
        error={errors.repeat}
      />
    </>
  );
}
