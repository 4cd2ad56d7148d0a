import { namedStatement } from './named-sql';

describe('namedStatement', () => {
  const statement = namedStatement(
    'probe',
    ['job', 'charge', 'market'] as const,
    (p) =>
      `UPDATE jobs SET charged = ${p.charge}, market = ${p.market} WHERE id = ${p.job} OR id = ${p.job}`,
  );

  it('numbers each name once, in the order given, wherever the text uses it', () => {
    expect(statement.text).toBe(
      'UPDATE jobs SET charged = $2, market = $3 WHERE id = $1 OR id = $1',
    );
    expect(statement.name).toBe('probe');
  });

  it('lists the arguments in placeholder order, whatever order they are written in', () => {
    expect(statement.values({ market: 'network_a', job: 'j-1', charge: 7_500 })).toEqual([
      'j-1',
      7_500,
      'network_a',
    ]);
  });
});
