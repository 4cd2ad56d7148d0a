import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PlaygroundView } from '../../../components/playground/playground-view';
import { Loading } from '../../../components/ui/loading';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('playground');
  return { title: t('page.title') };
}

export default function PlaygroundPage() {
  return (
    <Suspense fallback={<Loading />}>
      <PlaygroundView />
    </Suspense>
  );
}
