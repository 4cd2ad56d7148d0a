import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Loading } from '../../../../components/ui/loading';
import { CreatorWatchView } from '../../../../components/watches/creator-watch-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('creatorWatch') };
}

export default function CreatorWatchPage() {
  return (
    <Suspense fallback={<Loading />}>
      <CreatorWatchView />
    </Suspense>
  );
}
