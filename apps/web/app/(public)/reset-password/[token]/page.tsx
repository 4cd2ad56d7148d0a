import type { Metadata } from 'next';
import { ResetConfirmForm } from '../../../../components/auth/reset-confirm-form';

export const metadata: Metadata = { title: 'Choose a new password', referrer: 'no-referrer' };

export default function ResetPasswordConfirmPage() {
  return <ResetConfirmForm />;
}
