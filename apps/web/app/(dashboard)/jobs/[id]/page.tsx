import type { Metadata } from 'next';
import { Suspense } from 'react';
import { JobDetailView } from '../../../../components/jobs/job-detail-view';
import { Loading } from '../../../../components/ui/loading';

export const metadata: Metadata = { title: 'Job' };

export default function JobPage() {
  return (
    <Suspense fallback={<Loading />}>
      <JobDetailView />
    </Suspense>
  );
}
