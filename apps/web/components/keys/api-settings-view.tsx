'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { ApiKeyListView, ApiKeyView } from '@reelscout/domain/views';
import { useApi } from '../../lib/use-api';
import { NoAccessPanel } from '../overview/no-access-panel';
import { useAccount } from '../shell/account-context';
import { Alert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { Loading } from '../ui/loading';
import { CreateKeyDialog } from './create-key-dialog';
import { EditKeyDialog } from './edit-key-dialog';
import { KeyDetailsDialog } from './key-details-dialog';
import { KeysTable, type KeyAction } from './keys-table';
import { RevokeKeyDialog } from './revoke-key-dialog';
import { RollKeyDialog } from './roll-key-dialog';
import { SubjectLimitsPanel } from './subject-limits-panel';

function KeysPanel() {
  const t = useTranslations('keys');
  const { refresh } = useAccount();
  const keys = useApi<ApiKeyListView>('/account/keys');
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<{ action: KeyAction; key: ApiKeyView } | null>(null);
  const target = (action: KeyAction) => (open?.action === action ? open.key : null);
  const close = () => setOpen(null);
  const [notice, setNotice] = useState('');

  // Access withdrawn since sign-in: reload the account, which hides this tab.
  const forbidden = keys.error?.status === 403;
  useEffect(() => {
    if (forbidden) refresh();
  }, [forbidden, refresh]);

  return (
    <section className="panel" aria-labelledby="keys-heading">
      <div className="panel-head">
        <h2 id="keys-heading">{t('title')}</h2>
        <button type="button" className="button" onClick={() => setCreating(true)}>
          {t('createKey')}
        </button>
      </div>
      <p className="notice" role="status" aria-live="polite">
        {notice}
      </p>
      {keys.error ? (
        <Alert tone="error">{keys.error.message}</Alert>
      ) : !keys.data ? (
        <Loading label={t('loading')} />
      ) : keys.data.keys.length === 0 ? (
        <EmptyState title={t('emptyTitle')}>
          {t.rich('emptyText', { strong: (chunks) => <strong>{chunks}</strong> })}
        </EmptyState>
      ) : (
        <KeysTable keys={keys.data.keys} onAction={(action, key) => setOpen({ action, key })} />
      )}
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setNotice(t('notices.created'));
          keys.reload();
        }}
      />
      <KeyDetailsDialog apiKey={target('details')} onClose={close} />
      <EditKeyDialog
        apiKey={target('edit')}
        onClose={close}
        onSaved={(key, changed) => {
          close();
          setNotice(changed ? t('notices.saved', { name: key.name }) : t('notices.unchanged'));
          if (changed) keys.reload();
        }}
      />
      <RollKeyDialog
        apiKey={target('roll')}
        onClose={close}
        onRolled={({ created }) => {
          setNotice(t('notices.rolled', { name: created.name }));
          keys.reload();
        }}
      />
      <RevokeKeyDialog
        apiKey={target('revoke')}
        onClose={close}
        onRevoked={(key) => {
          close();
          setNotice(t('notices.revoked', { name: key.name }));
          keys.reload();
        }}
      />
    </section>
  );
}

export function ApiSettingsView() {
  const t = useTranslations('keys');
  const { account } = useAccount();
  return (
    <>
      <div className="page-head">
        <h1>{t('pageTitle')}</h1>
        {account.apiAccess ? (
          <p className="muted">
            {t.rich('pageIntro', {
              header: () => <code>Authorization: Bearer &lt;key&gt;</code>,
              test: () => <code>rs_test_</code>,
              live: () => <code>rs_live_</code>,
            })}
          </p>
        ) : null}
      </div>
      {account.apiAccess ? (
        <>
          <KeysPanel />
          <SubjectLimitsPanel />
        </>
      ) : (
        <NoAccessPanel />
      )}
    </>
  );
}
