import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResetRequestForm } from '../../../components/auth/reset-request-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('resetPassword') };
}

export default function ResetPasswordPage() {
  return <ResetRequestForm />;
}
