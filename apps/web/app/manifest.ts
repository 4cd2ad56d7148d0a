import type { MetadataRoute } from 'next';
import { getTranslations } from 'next-intl/server';

/** The web app manifest: the name and icons a phone uses when the dashboard is added to its home screen. */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const t = await getTranslations('metadata');
  return {
    name: 'Reelscout',
    short_name: 'Reelscout',
    description: t('manifestDescription'),
    start_url: '/',
    display: 'standalone',
    background_color: '#0f1115',
    theme_color: '#0f1115',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
}
