import { MODES, type Mode } from '@reelscout/domain/modes';
import type { CreditOverviewView } from '@reelscout/domain/views';
import { Money } from '../ui/money';

const TITLES: Record<Mode, { title: string; note: string }> = {
  live: { title: 'Live credit', note: 'Paid credit for rs_live_ keys.' },
  test: { title: 'Test credit', note: 'Free credit for rs_test_ keys (the sandbox).' },
};

/** One card per mode: what can be spent now, the balance, what running calls hold, this month's spend. */
export function BalanceCards({ credit }: { credit: CreditOverviewView }) {
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
              {TITLES[mode].title}
            </h2>
            <p className="big-number">
              <span className="big-number-label">Available</span>
              <Money micros={balance.available} />
            </p>
            <dl className="facts">
              <div>
                <dt>Balance</dt>
                <dd>
                  <Money micros={balance.balance} />
                </dd>
              </div>
              <div>
                <dt>Held by running calls</dt>
                <dd>
                  <Money micros={balance.held} />
                </dd>
              </div>
              <div>
                <dt>Spent this month</dt>
                <dd>
                  <Money micros={credit.spendThisMonth[mode]} />
                </dd>
              </div>
            </dl>
            <p className="muted small">{TITLES[mode].note}</p>
          </section>
        );
      })}
    </div>
  );
}
