import { DomainError } from '@reelscout/domain';
import { assistOperation } from '../assist/assist.operation';
import { musicOperation } from '../music/music.operation';
import { playbookOperation } from '../playbook/playbook.operation';
import { scanOperation } from '../scan/scan.operation';
import { checkPriceConfirmation, inInput, priceToConfirm } from './playground-runs.service';

describe('playground runs: the pure rules', () => {
  it('the price to confirm is the hold, formatted (scan: per reel of limit)', () => {
    expect(priceToConfirm(assistOperation, { message: 'x' })).toBe('0.010000');
    expect(priceToConfirm(scanOperation, { query: 'x' })).toBe('0.150000');
    expect(priceToConfirm(scanOperation, { query: 'x', limit: 5 })).toBe('0.037500');
    expect(priceToConfirm(playbookOperation, { url: 'x' })).toBe('0.200000');
    expect(priceToConfirm(musicOperation, { url: 'x', limit: 3 })).toBe('0.250000');
  });

  it('a live run passes only with exactly that price', () => {
    expect(() => checkPriceConfirmation(150_000, '0.150000')).not.toThrow();
    for (const wrong of [undefined, '0.15', '0.140000', '0.150001', '00.150000']) {
      let thrown: unknown;
      try {
        checkPriceConfirmation(150_000, wrong);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toEqual(
        expect.objectContaining({
          code: 'price_confirmation_required',
          param: 'confirm_price_usd',
          headers: { 'x-service-price-usd': '0.150000' },
        }),
      );
      expect((thrown as DomainError).status).toBe(400);
    }
  });

  it("points a field error of the operation's body into input, and leaves other errors alone", () => {
    const moved = inInput(new DomainError('invalid_request', 'bad', { param: 'history[2].text' }));
    expect(moved).toEqual(
      expect.objectContaining({
        code: 'invalid_request',
        message: 'bad',
        param: 'input.history[2].text',
      }),
    );
    const other = new DomainError('insufficient_credit', 'short');
    expect(inInput(other)).toBe(other);
    const noParam = new DomainError('invalid_request', 'bad');
    expect(inInput(noParam)).toBe(noParam);
  });
});
