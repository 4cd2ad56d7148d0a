import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { CheckoutReturn } from '../../../../components/credit/checkout-return';
import { Loading } from '../../../../components/ui/loading';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('checkoutReturn') };
}

export default function CheckoutReturnPage() {
  return (
    <Suspense fallback={<Loading />}>
      <CheckoutReturn />
    </Suspense>
  );
}
