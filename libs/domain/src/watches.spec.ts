import { watchSlot } from './watches';

const at = (iso: string) => new Date(iso);

describe('watchSlot', () => {
  it('runs the due slot and moves to the next one of the same phase', () => {
    expect(watchSlot(at('2026-03-01T10:20:00Z'), at('2026-03-01T10:20:30Z'), 'hourly')).toEqual({
      slotAt: at('2026-03-01T10:20:00Z'),
      nextRunAt: at('2026-03-01T11:20:00Z'),
    });
  });

  it('collapses missed slots into one run, for the latest slot not after now', () => {
    expect(watchSlot(at('2026-03-01T10:20:00Z'), at('2026-03-01T14:05:00Z'), 'hourly')).toEqual({
      slotAt: at('2026-03-01T13:20:00Z'),
      nextRunAt: at('2026-03-01T14:20:00Z'),
    });
    expect(watchSlot(at('2026-03-01T00:00:00Z'), at('2026-03-04T00:00:00Z'), 'daily')).toEqual({
      slotAt: at('2026-03-04T00:00:00Z'),
      nextRunAt: at('2026-03-05T00:00:00Z'),
    });
  });

  it('a slot not yet due (a clock behind) still moves forward by one step', () => {
    expect(watchSlot(at('2026-03-01T10:00:00Z'), at('2026-03-01T09:59:00Z'), 'hourly')).toEqual({
      slotAt: at('2026-03-01T10:00:00Z'),
      nextRunAt: at('2026-03-01T11:00:00Z'),
    });
  });
});
