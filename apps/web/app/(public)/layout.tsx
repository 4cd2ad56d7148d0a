import type { ReactNode } from 'react';
import { SiteFooter } from '../../components/shell/site-footer';

/** Signed-out pages: one narrow card in the middle of the page. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <main id="main" className="auth-page">
        <p className="brand brand-large">Reelscout</p>
        <div className="auth-card">{children}</div>
      </main>
      <SiteFooter />
    </>
  );
}
