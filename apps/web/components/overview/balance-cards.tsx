import { MODES } from '@reelscout/domain/modes';
import type { CreditOverviewView } from '@reelscout/domain/views';
import { useTranslations } from 'next-intl';
import { Money } from '../ui/money';

/** One card per mode: what can be spent now, the balance, what running calls hold, this month's spend. */
export function BalanceCards({ credit }: { credit: CreditOverviewView }) {
  const t = useTranslations('overview.balances');
  return (
    <div className="cards">
      {MODES.map((mode) => {
        const balance = credit.balances[mode];
        return (
          <section
            key={mode}
            className="card"
            aria-labelledby={`balance-${mode}`}
            data-testid={`balance-${mode}`}
          >
            <h2 id={`balance-${mode}`} className="card-title">
              {t(`${mode}.title`)}
            </h2>
            <p className="big-number">
              <span className="big-number-label">{t('available')}</span>
              <Money micros={balance.available} />
            </p>
            <dl className="facts">
              <div>
                <dt>{t('balance')}</dt>
                <dd>
                  <Money micros={balance.balance} />
                </dd>
              </div>
              <div>
                <dt>{t('held')}</dt>
                <dd>
                  <Money micros={balance.held} />
                </dd>
              </div>
              <div>
                <dt>{t('spentThisMonth')}</dt>
                <dd>
                  <Money micros={credit.spendThisMonth[mode]} />
                </dd>
              </div>
            </dl>
            <p className="muted small">{t(`${mode}.note`, { prefix: `rs_${mode}_` })}</p>
          </section>
        );
      })}
    </div>
  );
}
