'use client';

import type { CreatedWebhookEndpointView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../ui/alert';
import { CopyButton } from '../ui/copy-button';

/**
 * The signing secret, once (after create and after rotate). The dialog holding it stays until the
 * reader confirms they stored it; the secret leaves memory with the dialog.
 */
export function ShowSecretOnce({
  created,
  titleId,
  warningId,
  rotated,
  onDone,
}: {
  created: CreatedWebhookEndpointView;
  titleId: string;
  warningId: string;
  /** After a rotation: the old secret still signs for 24 hours. */
  rotated: boolean;
  onDone: () => void;
}) {
  const t = useTranslations('webhooks.secret');
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {rotated ? t('titleRotated') : t('title')}
      </h2>
      <Alert tone="warning" id={warningId}>
        {t.rich('warning', { header: () => <code>webhook-signature</code> })}
        {rotated ? ` ${t('rotatedNote')}` : ''}
      </Alert>
      <p className="muted small truncate" title={created.url}>
        {created.url}
      </p>
      <div className="secret-row">
        <code className="secret" data-testid="new-secret" aria-label={t('label')}>
          {created.secret}
        </code>
        <CopyButton text={created.secret} label={t('copy')} />
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          name="saved-secret"
        />
        {t('saved')}
      </label>
      <div className="dialog-actions">
        <button type="button" className="button" disabled={!saved} onClick={onDone}>
          {t('done')}
        </button>
      </div>
    </div>
  );
}
