import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '../../../components/ui/loading';
import { WebhooksView } from '../../../components/webhooks/webhooks-view';

export const metadata: Metadata = { title: 'Webhooks' };

export default function WebhooksPage() {
  return (
    <Suspense fallback={<Loading />}>
      <WebhooksView />
    </Suspense>
  );
}
