'use client';

import { Field } from '../ui/field';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

/** Client-side checks before the API's own (same bounds): field → message. */
export function checkNewPassword(password: string, repeat: string): Record<string, string> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    return { password: `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.` };
  }
  if (password !== repeat) return { repeat: 'The two passwords are not the same.' };
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
  return (
    <>
      <Field
        label="Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters. A passphrase is easiest.`}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
      />
      <Field
        label="Repeat the password"
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
