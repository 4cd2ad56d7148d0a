import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Loading } from '../../../components/ui/loading';
import { WatchesView } from '../../../components/watches/watches-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('watches') };
}

export default function WatchesPage() {
  return (
    <Suspense fallback={<Loading />}>
      <WatchesView />
    </Suspense>
  );
}
