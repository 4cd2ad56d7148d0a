'use client';

import { useTranslations } from 'next-intl';
import type { LiveSuspensionView } from '@reelscout/domain/views';
import { Alert } from '../ui/alert';
import { Money } from '../ui/money';

/**
 * Says why live calls are refused when a refund or a lost dispute left credit owed, or a payment
 * is disputed; nothing when live calls are served. Test keys are never paused.
 */
export function LiveSuspensionBanner({ suspension }: { suspension: LiveSuspensionView }) {
  const t = useTranslations('credit.suspension');
  if (suspension.shortfallMicros <= 0 && suspension.openDisputes <= 0) return null;
  return (
    <div data-testid="live-suspension">
      <Alert tone="warning" title={t('title')}>
        {suspension.shortfallMicros > 0 ? (
          <p>
            {t.rich('shortfall', {
              amount: () => <Money micros={suspension.shortfallMicros} />,
            })}
          </p>
        ) : null}
        {suspension.openDisputes > 0 ? (
          <p>{t('disputed', { count: suspension.openDisputes })}</p>
        ) : null}
        <p>{t('testUnaffected')}</p>
      </Alert>
    </div>
  );
}
