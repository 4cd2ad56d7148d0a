'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AccountView, SessionView } from '@reelscout/domain/views';
import { api, ApiError } from '../../lib/api';
import { Alert } from '../ui/alert';
import { Loading } from '../ui/loading';
import { AccountContext } from './account-context';
import { LanguageSwitch } from './language-switch';
import { DashboardNav } from './nav';
import { SiteFooter } from './site-footer';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; account: AccountView }
  | { kind: 'error'; message: string };

/** Everything behind sign-in: checks the session, then shows the header, tabs and the page. */
export function DashboardShell({ children }: { children: ReactNode }) {
  const t = useTranslations('shell');
  const router = useRouter();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [signingOut, setSigningOut] = useState(false);

  const load = useCallback(async () => {
    try {
      const session = await api<SessionView>('/auth/session');
      if (session.signedIn && session.account) {
        setState({ kind: 'ready', account: session.account });
      } else {
        const next = `${window.location.pathname}${window.location.search}`;
        router.replace(next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`);
      }
    } catch (error) {
      setState({
        kind: 'error',
        message: error instanceof ApiError ? error.message : t('loadFailed'),
      });
    }
  }, [router, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const context = useMemo(
    () => (state.kind === 'ready' ? { account: state.account, refresh: () => void load() } : null),
    [state, load],
  );

  async function signOut() {
    setSigningOut(true);
    try {
      await api('/auth/sign-out', { method: 'POST' });
    } catch {
      // The session is gone either way once the cookie is cleared or expires.
    }
    router.replace('/sign-in');
  }

  if (state.kind !== 'ready' || !context) {
    return (
      <main id="main" className="centered">
        {state.kind === 'error' ? (
          <Alert tone="error" title={t('loadFailedTitle')}>
            <p>{state.message}</p>
            <button type="button" className="button" onClick={() => void load()}>
              {t('tryAgain')}
            </button>
          </Alert>
        ) : (
          <Loading label={t('loadingAccount')} />
        )}
      </main>
    );
  }

  return (
    <AccountContext.Provider value={context}>
      <header className="site-header">
        <div className="header-row">
          <Link href="/" className="brand">
            Reelscout
          </Link>
          <LanguageSwitch />
          <div className="account-menu">
            <span className="account-email" title={context.account.email}>
              {context.account.email}
            </span>
            <button
              type="button"
              className="button secondary small"
              onClick={() => void signOut()}
              disabled={signingOut}
            >
              {signingOut ? t('signingOut') : t('signOut')}
            </button>
          </div>
        </div>
        <DashboardNav apiAccess={context.account.apiAccess} />
      </header>
      <main id="main">{children}</main>
      <SiteFooter />
    </AccountContext.Provider>
  );
}
