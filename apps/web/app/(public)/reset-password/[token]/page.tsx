import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResetConfirmForm } from '../../../../components/auth/reset-confirm-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('newPassword'), referrer: 'no-referrer' };
}

export default function ResetPasswordConfirmPage() {
  return <ResetConfirmForm />;
}
