import type { Metadata } from 'next';
import { Suspense } from 'react';
import { JobsView } from '../../../components/jobs/jobs-view';
import { Loading } from '../../../components/ui/loading';

export const metadata: Metadata = { title: 'Jobs' };

export default function JobsPage() {
  return (
    <Suspense fallback={<Loading />}>
      <JobsView />
    </Suspense>
  );
}
