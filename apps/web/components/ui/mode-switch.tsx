'use client';

import { MODES, type Mode } from '@reelscout/domain/modes';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/** `?mode=` of a page: test unless it says live. */
export function modeFromSearch(params: { get(name: string): string | null }): Mode {
  const mode = params.get('mode');
  return (MODES as readonly string[]).includes(mode ?? '') ? (mode as Mode) : 'test';
}

/**
 * Test or live: which key mode's objects a page shows (jobs, webhook endpoints). The choice shows
 * at once, before the page's address (which `value` follows) has changed.
 */
export function ModeSwitch({
  value,
  onChange,
  name,
}: {
  value: Mode;
  onChange: (mode: Mode) => void;
  /** The radio group's name, unique on the page. */
  name: string;
}) {
  const t = useTranslations('common');
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  return (
    <fieldset className="radio-group amounts">
      <legend>{t('mode')}</legend>
      {MODES.slice()
        .reverse()
        .map((mode) => (
          <label key={mode} className="chip">
            <input
              type="radio"
              name={name}
              value={mode}
              checked={shown === mode}
              onChange={() => {
                setShown(mode);
                onChange(mode);
              }}
            />
            <span>{t(`modes.${mode}`)}</span>
          </label>
        ))}
    </fieldset>
  );
}
