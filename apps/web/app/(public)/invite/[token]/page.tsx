import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InviteSignUp } from '../../../../components/auth/invite-sign-up';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('invite'), referrer: 'no-referrer' };
}

export default function InvitePage() {
  return <InviteSignUp />;
}
