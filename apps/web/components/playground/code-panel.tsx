'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { curlCommand, sdkSnippet } from '../../lib/playground';
import type { AnyInput, Mode, PlaygroundOperation } from '../../lib/playground-types';
import { CopyButton } from '../ui/copy-button';
import { panelId, TabList, tabId } from '../ui/tabs';

type Sample = 'curl' | 'sdk';

/** The run's request as curl and as an `@reelscout/sdk` call, the key elided. */
export function CodePanel({
  operation,
  input,
  mode,
  baseUrl,
}: {
  operation: PlaygroundOperation;
  /** The request to show; null while the form does not make one. */
  input: AnyInput | null;
  mode: Mode;
  baseUrl: string;
}) {
  const t = useTranslations('playground.code');
  const base = `pg-code-${useId().replace(/:/g, '')}`;
  const [sample, setSample] = useState<Sample>('curl');
  if (!input) return <p className="muted small">{t('empty')}</p>;
  const text =
    sample === 'curl'
      ? curlCommand(operation, input, baseUrl)
      : sdkSnippet(operation, input, baseUrl);
  return (
    <div className="pg-code" data-testid="pg-code">
      <TabList
        base={base}
        label={t('tabsLabel')}
        items={[
          { key: 'curl', label: t('curl') },
          { key: 'sdk', label: t('sdk') },
        ]}
        selected={sample}
        onSelect={setSample}
        className="small-tabs"
      />
      <div role="tabpanel" id={panelId(base, sample)} aria-labelledby={tabId(base, sample)}>
        <pre className="pg-pre" tabIndex={0} data-testid={`pg-code-${sample}`}>
          <code>{text}</code>
        </pre>
        <CopyButton text={text} label={sample === 'curl' ? t('copyCurl') : t('copySdk')} />
        <p className="muted small pg-key-note">{t('keyNote', { mode })}</p>
      </div>
    </div>
  );
}
