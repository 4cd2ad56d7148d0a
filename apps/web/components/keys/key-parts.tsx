import type { Micros } from '@reelscout/domain/money';
import type { ApiKeyView } from '@reelscout/domain/views';
import { useFormatter, useMessages, useTranslations } from 'next-intl';
import { DateTime } from '../ui/date-time';
import { spendShare, type KeySettingsTexts } from '../../lib/key-settings';
import { useMoney } from '../../lib/use-money';
import { Badge } from '../ui/badge';

type Window = 'today' | 'thisMonth' | 'inAll';

/** The words the key-settings helpers write (checks, audit values), in the page's language. */
export function useKeySettingsTexts(): KeySettingsTexts {
  return useMessages().keys.settingsTexts;
}

/** The key's state, and the instant that goes with it (until, since, expires). */
export function KeyStatus({ apiKey }: { apiKey: ApiKeyView }) {
  const t = useTranslations('keys.status');
  const when = (key: 'expires' | 'worksUntil' | 'since', iso: string) => (
    <span className="muted small">{t.rich(key, { when: () => <DateTime iso={iso} /> })}</span>
  );
  switch (apiKey.status) {
    case 'active':
      return (
        <span className="key-status">
          <Badge tone="ok">{t('active')}</Badge>
          {apiKey.expiresAt ? when('expires', apiKey.expiresAt) : null}
        </span>
      );
    case 'expiring':
      return (
        <span className="key-status">
          <Badge tone="warn">{t('expiring')}</Badge>
          {apiKey.revokedAt ? when('worksUntil', apiKey.revokedAt) : null}
        </span>
      );
    case 'expired': {
      const since = apiKey.revokedAt ?? apiKey.expiresAt;
      return (
        <span className="key-status">
          <Badge tone="neutral">{t('expired')}</Badge>
          {since ? when('since', since) : null}
        </span>
      );
    }
    default:
      return (
        <span className="key-status">
          <Badge tone="neutral">{t('revoked')}</Badge>
          {apiKey.revokedAt ? when('since', apiKey.revokedAt) : null}
        </span>
      );
  }
}

function SpendLine({ spent, limit, window }: { spent: Micros; limit: Micros; window: Window }) {
  const t = useTranslations('keys.spend');
  const format = useFormatter();
  const { usdShort } = useMoney();
  const share = spendShare(spent, limit) ?? 0;
  const text = t('ofLimit', { spent: usdShort(spent), limit: usdShort(limit), window });
  return (
    <div className={share >= 1 ? 'spend-line full' : 'spend-line'}>
      <span>{text}</span>
      <progress max={limit} value={Math.min(spent, limit)} aria-label={t('spentLabel', { text })}>
        {format.number(share, { style: 'percent', maximumFractionDigits: 0 })}
      </progress>
    </div>
  );
}

/** Spend against each limit set (with a bar), or the month's spend when there is no limit. */
export function KeySpend({ apiKey }: { apiKey: ApiKeyView }) {
  const t = useTranslations('keys.spend');
  const { usdShort } = useMoney();
  const { spend, limits } = apiKey;
  const lines: { limit: Micros | null; spent: Micros; window: Window }[] = [
    { limit: limits.dailyMicros, spent: spend.dailyMicros, window: 'today' },
    { limit: limits.monthlyMicros, spent: spend.monthlyMicros, window: 'thisMonth' },
    { limit: limits.totalMicros, spent: spend.totalMicros, window: 'inAll' },
  ];
  const limited = lines.filter((line) => line.limit !== null);
  if (limited.length === 0) {
    return (
      <div className="key-spend">
        <span>{t('thisMonth', { spent: usdShort(spend.monthlyMicros) })}</span>
        <span className="muted small">{t('noLimit')}</span>
      </div>
    );
  }
  return (
    <div className="key-spend">
      {limited.map((line) => (
        <SpendLine
          key={line.window}
          spent={line.spent}
          limit={line.limit as Micros}
          window={line.window}
        />
      ))}
    </div>
  );
}

/** `all operations` or `assist, scan only`. */
export function OperationsText({ operations }: { operations: string[] | null }) {
  const t = useTranslations('keys');
  return (
    <>
      {operations === null
        ? t('allOperations')
        : t('onlyOperations', { list: operations.join(', ') })}
    </>
  );
}

/** The settings in words, for the details dialog. */
export function KeySettingsList({ apiKey }: { apiKey: ApiKeyView }) {
  const t = useTranslations('keys.settingsList');
  const none = useTranslations('keys.settingsTexts')('none');
  const { usdShort } = useMoney();
  const amount = (micros: Micros | null) => (micros === null ? none : usdShort(micros));
  const subject = apiKey.subjectLimits;
  return (
    <dl className="settings-list">
      <dt>{t('spendLimits')}</dt>
      <dd>
        {t('limits', {
          total: amount(apiKey.limits.totalMicros),
          daily: amount(apiKey.limits.dailyMicros),
          monthly: amount(apiKey.limits.monthlyMicros),
        })}
      </dd>
      <dt>{t('operations')}</dt>
      <dd>
        <OperationsText operations={apiKey.operations} />
      </dd>
      <dt>{t('expires')}</dt>
      <dd>{apiKey.expiresAt ? <DateTime iso={apiKey.expiresAt} /> : t('never')}</dd>
      <dt>{t('subjectLimits')}</dt>
      <dd>
        {subject.dailyMicros === null && subject.monthlyMicros === null
          ? t('accountSubjectLimits')
          : t('subjectLimitValues', {
              daily: amount(subject.dailyMicros),
              monthly: amount(subject.monthlyMicros),
            })}
      </dd>
      <dt>{t('spent')}</dt>
      <dd>
        {t('spentValues', {
          today: usdShort(apiKey.spend.dailyMicros),
          month: usdShort(apiKey.spend.monthlyMicros),
          total: usdShort(apiKey.spend.totalMicros),
        })}
      </dd>
    </dl>
  );
}
