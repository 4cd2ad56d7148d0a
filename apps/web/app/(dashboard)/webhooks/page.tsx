import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Loading } from '../../../components/ui/loading';
import { WebhooksView } from '../../../components/webhooks/webhooks-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('webhooks') };
}

export default function WebhooksPage() {
  return (
    <Suspense fallback={<Loading />}>
      <WebhooksView />
    </Suspense>
  );
}
