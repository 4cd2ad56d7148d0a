'use client';

import type { CreatedWebhookEndpointView } from '@reelscout/domain/views';
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
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {rotated ? 'Save the new signing secret' : 'Save your signing secret'}
      </h2>
      <Alert tone="warning" id={warningId}>
        This is the only time this secret is shown. Copy it now into your receiver’s configuration
        (a secret manager, not your code): it verifies the <code>webhook-signature</code> header of
        every delivery. Reelscout cannot show it again; if it is lost, rotate it.
        {rotated
          ? ' The previous secret keeps signing deliveries for 24 hours, so you can deploy this one in the meantime.'
          : ''}
      </Alert>
      <p className="muted small truncate" title={created.url}>
        {created.url}
      </p>
      <div className="secret-row">
        <code className="secret" data-testid="new-secret" aria-label="Your signing secret">
          {created.secret}
        </code>
        <CopyButton text={created.secret} label="Copy secret" />
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          name="saved-secret"
        />
        I have saved this secret
      </label>
      <div className="dialog-actions">
        <button type="button" className="button" disabled={!saved} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
