import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ApiAddressProvider } from '../components/shell/api-address-context';
import { apiPublicUrl } from '../lib/api-origin';
// The dashboard's own fonts, served from its build (no font CDN, no system fonts assumed): a
// browser without Chinese fonts still draws the zh-Hans pages. Each face is split by Unicode
// range, so a page downloads only the ranges its text uses.
import '@fontsource-variable/inter';
import '@fontsource-variable/jetbrains-mono';
import '@fontsource-variable/noto-sans-sc';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return {
    title: { default: 'Reelscout', template: '%s · Reelscout' },
    description: t('description'),
    robots: { index: false, follow: false },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0f1115',
};

/**
 * The page's language (cookie or browser, see i18n/request.ts) and its messages for the client,
 * and the API's public address (read at run time) for the footer and the samples.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const t = await getTranslations('shell');
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <ApiAddressProvider value={apiPublicUrl()}>
            <a className="skip-link" href="#main">
              {t('skipToContent')}
            </a>
            {children}
          </ApiAddressProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
