import { OPERATIONS, PRICES, SCAN_MAX_REELS } from '@reelscout/domain/prices';
import { usd } from '../../lib/format';

const PRICE_LINES: Record<(typeof OPERATIONS)[number], string> = {
  assist: `${usd(PRICES.assist)} per call`,
  scan: `${usd(PRICES.scanPerReel)} per reel delivered (${usd(PRICES.scanPerReel * SCAN_MAX_REELS)} for ${SCAN_MAX_REELS})`,
  playbook: `${usd(PRICES.playbook)} per call`,
  music: `${usd(PRICES.music)} per call`,
};

export function PricesPanel() {
  return (
    <section className="panel" aria-labelledby="prices-heading">
      <h2 id="prices-heading">Prices</h2>
      <ul className="plain-list">
        {OPERATIONS.map((operation) => (
          <li key={operation}>
            <code>POST /v1/{operation}</code> <span className="muted">·</span>{' '}
            {PRICE_LINES[operation]}
          </li>
        ))}
      </ul>
      <p className="muted small">
        Errors are never charged. Test keys spend test credit at the same prices.
      </p>
    </section>
  );
}
