import { OPERATIONS, PRICES, SCAN_MAX_REELS } from '@reelscout/domain/prices';
import { useTranslations } from 'next-intl';
import { useMoney } from '../../lib/use-money';

export function PricesPanel() {
  const t = useTranslations('overview.prices');
  const { usd } = useMoney();
  const lines: Record<(typeof OPERATIONS)[number], string> = {
    assist: t('perCall', { price: usd(PRICES.assist) }),
    scan: t('perReel', {
      price: usd(PRICES.scanPerReel),
      max: usd(PRICES.scanPerReel * SCAN_MAX_REELS),
      count: SCAN_MAX_REELS,
    }),
    playbook: t('perCall', { price: usd(PRICES.playbook) }),
    music: t('perCall', { price: usd(PRICES.music) }),
    trends: t('perCall', { price: usd(PRICES.trends) }),
  };
  return (
    <section className="panel" aria-labelledby="prices-heading">
      <h2 id="prices-heading">{t('title')}</h2>
      <ul className="plain-list">
        {OPERATIONS.map((operation) => (
          <li key={operation}>
            <code>POST /v1/{operation}</code> <span className="muted">·</span> {lines[operation]}
          </li>
        ))}
      </ul>
      <p className="muted small">{t('note')}</p>
    </section>
  );
}
