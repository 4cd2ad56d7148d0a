import type { Metadata } from 'next';
import { ApiSettingsView } from '../../../components/keys/api-settings-view';

export const metadata: Metadata = { title: 'API settings' };

export default function ApiSettingsPage() {
  return <ApiSettingsView />;
}
