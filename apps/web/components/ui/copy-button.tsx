'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No async clipboard (plain http, or permission refused): the older, synchronous path.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

/** Copies `text` and says so (to screen readers too) for a few seconds. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const t = useTranslations('common');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <span className="copy">
      <button
        type="button"
        className="button secondary"
        onClick={async () => setState((await copyText(text)) ? 'copied' : 'failed')}
      >
        {label ?? t('copy')}
      </button>
      <span className="copy-status" role="status" aria-live="polite">
        {state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : ''}
      </span>
    </span>
  );
}
