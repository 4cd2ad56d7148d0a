import { DomainError } from '../errors';
import { defaultLanguageFor, resolveLanguage } from './languages';

describe('resolveLanguage', () => {
  const table: ReadonlyArray<readonly [unknown, 'network_a' | 'network_b', string]> = [
    [undefined, 'network_a', 'en'],
    [undefined, 'network_b', 'zh-Hans'],
    [null, 'network_a', 'en'],
    [null, 'network_b', 'zh-Hans'],
    ['en', 'network_b', 'en'],
    ['EN', 'network_b', 'en'],
    ['english', 'network_b', 'en'],
    ['  English ', 'network_b', 'en'],
    ['zh-Hans', 'network_a', 'zh-Hans'],
    ['zh-hans', 'network_a', 'zh-Hans'],
    ['ZH-HANS', 'network_a', 'zh-Hans'],
    ['chinese', 'network_a', 'zh-Hans'],
    ['Chinese', 'network_a', 'zh-Hans'],
    ['simplified', 'network_a', 'zh-Hans'],
    ['zh', 'network_a', 'zh-Hans'],
    ['zh-CN', 'network_a', 'zh-Hans'],
    ['zh-cn', 'network_a', 'zh-Hans'],
    ['zh-Hant', 'network_a', 'zh-Hant'],
    ['zh-hant', 'network_b', 'zh-Hant'],
    ['traditional', 'network_b', 'zh-Hant'],
    ['TRADITIONAL', 'network_a', 'zh-Hant'],
    ['zh-TW', 'network_a', 'zh-Hant'],
    ['zh-tw', 'network_b', 'zh-Hant'],
    ['zh-HK', 'network_a', 'zh-Hant'],
    ['zh-hk', 'network_b', 'zh-Hant'],
  ];

  it.each(table)('%j on %s → %s', (input, market, expected) => {
    expect(resolveLanguage(input, market)).toBe(expected);
  });

  const invalid: unknown[] = [
    '',
    '   ',
    'fr',
    'zh-SG',
    'zh_CN',
    'zh-Hans-CN',
    'cantonese',
    'mandarin',
    'hasOwnProperty',
    '__proto__',
    'toString',
    42,
    true,
    {},
    ['en'],
  ];

  it.each(invalid)('%j is a 400 on param language', (input) => {
    let thrown: unknown;
    try {
      resolveLanguage(input, 'network_a');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('invalid_request');
    expect((thrown as DomainError).param).toBe('language');
    expect((thrown as DomainError).message).toContain('zh-Hant');
  });

  it('defaults by market', () => {
    expect(defaultLanguageFor('network_a')).toBe('en');
    expect(defaultLanguageFor('network_b')).toBe('zh-Hans');
  });
});
