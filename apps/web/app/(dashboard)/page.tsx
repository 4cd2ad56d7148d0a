import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OverviewView } from '../../components/overview/overview-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('overview') };
}

export default function OverviewPage() {
  return <OverviewView />;
}
