import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { JobDetailView } from '../../../../components/jobs/job-detail-view';
import { Loading } from '../../../../components/ui/loading';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('job') };
}

export default function JobPage() {
  return (
    <Suspense fallback={<Loading />}>
      <JobDetailView />
    </Suspense>
  );
}
