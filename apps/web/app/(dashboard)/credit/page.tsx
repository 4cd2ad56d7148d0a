import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CreditView } from '../../../components/credit/credit-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('credit') };
}

export default function CreditPage() {
  return <CreditView />;
}
