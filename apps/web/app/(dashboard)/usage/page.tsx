import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Loading } from '../../../components/ui/loading';
import { UsageView } from '../../../components/usage/usage-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('usage') };
}

export default function UsagePage() {
  return (
    <Suspense fallback={<Loading />}>
      <UsageView />
    </Suspense>
  );
}
