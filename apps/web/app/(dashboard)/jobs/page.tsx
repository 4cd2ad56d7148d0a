import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { JobsView } from '../../../components/jobs/jobs-view';
import { Loading } from '../../../components/ui/loading';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('jobs') };
}

export default function JobsPage() {
  return (
    <Suspense fallback={<Loading />}>
      <JobsView />
    </Suspense>
  );
}
