import type { Micros } from '@reelscout/domain/money';
import type { ApiKeyView } from '@reelscout/domain/views';
import { DateTime } from '../ui/date-time';
import { spendShare, usdText } from '../../lib/key-settings';
import { Badge } from '../ui/badge';

function When({ iso }: { iso: string }) {
  return <DateTime iso={iso} />;
}

/** The key's state, and the instant that goes with it (until, since, expires). */
export function KeyStatus({ apiKey }: { apiKey: ApiKeyView }) {
  switch (apiKey.status) {
    case 'active':
      return (
        <span className="key-status">
          <Badge tone="ok">active</Badge>
          {apiKey.expiresAt ? (
            <span className="muted small">
              expires <When iso={apiKey.expiresAt} />
            </span>
          ) : null}
        </span>
      );
    case 'expiring':
      return (
        <span className="key-status">
          <Badge tone="warn">expiring</Badge>
          {apiKey.revokedAt ? (
            <span className="muted small">
              rolled; works until <When iso={apiKey.revokedAt} />
            </span>
          ) : null}
        </span>
      );
    case 'expired': {
      const since = apiKey.revokedAt ?? apiKey.expiresAt;
      return (
        <span className="key-status">
          <Badge tone="neutral">expired</Badge>
          {since ? (
            <span className="muted small">
              since <When iso={since} />
            </span>
          ) : null}
        </span>
      );
    }
    default:
      return (
        <span className="key-status">
          <Badge tone="neutral">revoked</Badge>
          {apiKey.revokedAt ? (
            <span className="muted small">
              since <When iso={apiKey.revokedAt} />
            </span>
          ) : null}
        </span>
      );
  }
}

function SpendLine({
  spent,
  limit,
  window,
}: {
  spent: Micros;
  limit: Micros;
  /** "today", "this month", "in all". */
  window: string;
}) {
  const share = spendShare(spent, limit) ?? 0;
  const text = `${usdText(spent)} of ${usdText(limit)} ${window}`;
  return (
    <div className={share >= 1 ? 'spend-line full' : 'spend-line'}>
      <span>{text}</span>
      <progress max={limit} value={Math.min(spent, limit)} aria-label={`Spent ${text}`}>
        {Math.round(share * 100)}%
      </progress>
    </div>
  );
}

/** Spend against each limit set (with a bar), or the month's spend when there is no limit. */
export function KeySpend({ apiKey }: { apiKey: ApiKeyView }) {
  const { spend, limits } = apiKey;
  const lines = [
    { limit: limits.dailyMicros, spent: spend.dailyMicros, window: 'today' },
    { limit: limits.monthlyMicros, spent: spend.monthlyMicros, window: 'this month' },
    { limit: limits.totalMicros, spent: spend.totalMicros, window: 'in all' },
  ];
  const limited = lines.filter((line) => line.limit !== null);
  if (limited.length === 0) {
    return (
      <div className="key-spend">
        <span>{usdText(spend.monthlyMicros)} this month</span>
        <span className="muted small">no spend limit</span>
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
export function operationsText(operations: string[] | null): string {
  return operations === null ? 'all operations' : `${operations.join(', ')} only`;
}

/** The settings in words, for the details dialog. */
export function KeySettingsList({ apiKey }: { apiKey: ApiKeyView }) {
  const amount = (micros: Micros | null) => (micros === null ? 'none' : usdText(micros));
  return (
    <dl className="settings-list">
      <dt>Spend limits</dt>
      <dd>
        total {amount(apiKey.limits.totalMicros)} · per day {amount(apiKey.limits.dailyMicros)} ·
        per month {amount(apiKey.limits.monthlyMicros)}
      </dd>
      <dt>Allowed operations</dt>
      <dd>{operationsText(apiKey.operations)}</dd>
      <dt>Expires</dt>
      <dd>{apiKey.expiresAt ? <When iso={apiKey.expiresAt} /> : 'never'}</dd>
      <dt>Per-subject limits</dt>
      <dd>
        {apiKey.subjectLimits.dailyMicros === null && apiKey.subjectLimits.monthlyMicros === null
          ? 'the account’s'
          : `per day ${amount(apiKey.subjectLimits.dailyMicros)} · per month ${amount(
              apiKey.subjectLimits.monthlyMicros,
            )}`}
      </dd>
      <dt>Spent</dt>
      <dd>
        {usdText(apiKey.spend.dailyMicros)} today · {usdText(apiKey.spend.monthlyMicros)} this month
        · {usdText(apiKey.spend.totalMicros)} in all
      </dd>
    </dl>
  );
}
