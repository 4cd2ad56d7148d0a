import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Loading } from '../../../components/ui/loading';
import { TrendsView } from '../../../components/trends/trends-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('trends') };
}

export default function TrendsPage() {
  return (
    <Suspense fallback={<Loading />}>
      <TrendsView />
    </Suspense>
  );
}
