import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/ui/loading';
import { UsageView } from '../../../components/usage/usage-view';

export const metadata: Metadata = { title: 'Usage' };

export default function UsagePage() {
  return (
    <Suspense fallback={<Loading />}>
      <UsageView />
    </Suspense>
  );
}
