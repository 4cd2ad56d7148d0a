import { dateRange, parseIsoInstant } from './usage.dto';

describe('date filters (parseIsoInstant)', () => {
  it.each([
    ['2024-01-05', '2024-01-05T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2024-01-05T10:00', '2024-01-05T10:00:00.000Z'], // no offset: UTC, whatever the server's zone
    ['2024-01-05T10:00:00Z', '2024-01-05T10:00:00.000Z'],
    ['2024-01-05T10:00:00.123456789Z', '2024-01-05T10:00:00.123Z'],
    ['2024-01-05T10:00:00+02:00', '2024-01-05T08:00:00.000Z'],
    ['2024-01-05T00:30:00-01:30', '2024-01-05T02:00:00.000Z'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
  ])('%s is %s', (value, iso) => {
    expect(parseIsoInstant(value)?.toISOString()).toBe(iso);
  });

  it.each([
    '2024-W05',
    '2024-W05-3',
    '2024-035',
    '20240105',
    '2024',
    '2024-01',
    '2023-02-29',
    '2024-04-31',
    '2024-00-10',
    '2024-01-05T24:00:00Z',
    '2024-01-05T10:60Z',
    '2024-01-05T10:00:60Z',
    '2024-01-05T10:00:00+24:00',
    '2024-01-05T10:00:00+0200',
    '2024-01-05 10:00:00Z',
    '0000-01-01',
    '+002024-01-05',
    ' 2024-01-05',
    '',
  ])('%j is not a date filter', (value) => {
    expect(parseIsoInstant(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(parseIsoInstant(['2024-01-05'])).toBeNull();
    expect(parseIsoInstant(undefined)).toBeNull();
  });

  it('dateRange turns validated from/to into instants and leaves absent ones out', () => {
    expect(dateRange({ from: '2024-01-05' })).toEqual({
      from: new Date('2024-01-05T00:00:00.000Z'),
      to: undefined,
    });
  });
});
