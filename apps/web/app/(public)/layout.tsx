import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/shell/language-switch';
import { SiteFooter } from '../../components/shell/site-footer';

/** Signed-out pages: one narrow card in the middle of the page, the language switch above it. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <main id="main" className="auth-page">
        <div className="auth-language">
          <LanguageSwitch />
        </div>
        <p className="brand brand-large">Reelscout</p>
        <div className="auth-card">{children}</div>
      </main>
      <SiteFooter />
    </>
  );
}
