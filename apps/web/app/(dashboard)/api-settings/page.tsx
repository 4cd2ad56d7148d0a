import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ApiSettingsView } from '../../../components/keys/api-settings-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return { title: t('apiSettings') };
}

export default function ApiSettingsPage() {
  return <ApiSettingsView />;
}
