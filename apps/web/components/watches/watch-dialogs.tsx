'use client';

import { formatUsd } from '@reelscout/domain/money';
import { maxCharge, PRICES } from '@reelscout/domain/prices';
import type { WatchView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { useMoney } from '../../lib/use-money';
import { Alert } from '../ui/alert';
import { Modal } from '../ui/modal';

/** What a run of this watch holds at most, in micro-USD: a creator watch's is its flat price. */
function runMicros(watch: Pick<WatchView, 'limit' | 'kind'>): number {
  return watch.kind === 'creator' ? PRICES.creatorRun : maxCharge('scan', { limit: watch.limit });
}

/** What a run of this watch holds at most, the price a live run confirms (`0.150000`). */
export function runPrice(watch: Pick<WatchView, 'limit' | 'kind'>): string {
  return formatUsd(runMicros(watch));
}

/** Asks before a watch is deleted: it runs no more and its delivered-reel memory goes with it. */
export function DeleteWatchDialog({
  watch,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  watch: WatchView | null;
  busy: boolean;
  error: string;
  onCancel: () => void;
  onConfirm: (watch: WatchView) => void;
}) {
  const t = useTranslations('watches.delete');
  return (
    <Modal
      open={watch !== null}
      dismissible={!busy}
      onDismiss={onCancel}
      labelledBy="delete-watch-title"
      describedBy="delete-watch-text"
    >
      {watch ? (
        <div>
          <h2 id="delete-watch-title">{t('title')}</h2>
          <p id="delete-watch-text">{t('text', { query: watch.query })}</p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={onCancel} data-autofocus>
              {t('cancel')}
            </button>
            <button
              type="button"
              className="button danger"
              disabled={busy}
              onClick={() => onConfirm(watch)}
            >
              {busy ? t('deleting') : t('submit')}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

/** A live run is paid: the reader confirms the most it can cost before it is held. */
export function ConfirmLiveRunDialog({
  watch,
  onCancel,
  onConfirm,
}: {
  watch: WatchView | null;
  onCancel: () => void;
  onConfirm: (watch: WatchView) => void;
}) {
  const t = useTranslations('watches.confirmRun');
  const money = useMoney();
  return (
    <Modal
      open={watch !== null}
      dismissible
      onDismiss={onCancel}
      labelledBy="confirm-run-title"
      describedBy="confirm-run-text"
    >
      {watch ? (
        <div>
          <h2 id="confirm-run-title">{t('title')}</h2>
          <p id="confirm-run-text">
            {t('text', {
              kind: watch.kind,
              query: watch.query,
              price: money.usd(runMicros(watch)),
            })}
          </p>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={onCancel} data-autofocus>
              {t('cancel')}
            </button>
            <button type="button" className="button" onClick={() => onConfirm(watch)}>
              {t('submit')}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
