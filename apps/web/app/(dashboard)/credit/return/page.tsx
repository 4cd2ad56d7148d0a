import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CheckoutReturn } from '../../../../components/credit/checkout-return';
import { Loading } from '../../../../components/ui/loading';

export const metadata: Metadata = { title: 'Buying live credit' };

export default function CheckoutReturnPage() {
  return (
    <Suspense fallback={<Loading />}>
      <CheckoutReturn />
    </Suspense>
  );
}
