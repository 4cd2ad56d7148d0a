import { compareMessages, flatten, placeholders } from '../../../scripts/lib/message-parity';
import en from '../messages/en.json';
import zhHans from '../messages/zh-Hans.json';

describe('message parity (scripts/check-messages.js)', () => {
  it('reads arguments, plural/select branches and rich-text tags', () => {
    expect(placeholders('Hello')).toEqual([]);
    expect(placeholders('Key “{name}” saved.')).toEqual(['arg:name']);
    expect(
      placeholders('{spent} of {limit} {window, select, today {today} other {in all}}'),
    ).toEqual(['arg:limit', 'arg:spent', 'arg:window']);
    expect(placeholders('{count, plural, one {# call to {op}} other {# calls}}')).toEqual([
      'arg:count',
      'arg:op',
    ]);
    expect(placeholders('Create a <strong>test</strong> key, until <when></when>.')).toEqual([
      'tag:strong',
      'tag:when',
    ]);
    expect(placeholders("It's '{literal}' text")).toEqual([]);
    expect(placeholders('{n, number, ::currency/USD}')).toEqual(['arg:n']);
    expect(() => placeholders('Broken {name')).toThrow(/expected , or }/);
    expect(() => placeholders('{n, plural, other {x}')).toThrow(/expected an option|missing }/);
    expect(() => placeholders('Broken <b>bold')).toThrow(/unclosed <b>/);
  });

  it('flattens nested namespaces to dotted keys', () => {
    expect([...flatten({ nav: { overview: 'Overview' }, a: { b: { c: 'x' } } }).keys()]).toEqual([
      'nav.overview',
      'a.b.c',
    ]);
  });

  it('finds missing keys, empty texts and placeholders that differ', () => {
    const problems = compareMessages({
      en: {
        nav: { overview: 'Overview', usage: 'Usage' },
        keys: { saved: 'Key “{name}” saved.', intro: 'A <strong>test</strong> key', empty: 'x' },
        onlyEn: 'English only',
      },
      'zh-Hans': {
        nav: { overview: '概览', extra: '多余' },
        keys: { saved: '密钥“{label}”已保存。', intro: '一个<b>测试</b>密钥', empty: ' ' },
      },
    });
    expect(problems).toEqual([
      { key: 'keys.empty', problem: 'zh-Hans: empty' },
      {
        key: 'keys.intro',
        problem: 'placeholders differ: en [tag:strong], zh-Hans [tag:b]',
      },
      {
        key: 'keys.saved',
        problem: 'placeholders differ: en [arg:name], zh-Hans [arg:label]',
      },
      { key: 'nav.extra', problem: 'missing in en' },
      { key: 'nav.usage', problem: 'missing in zh-Hans' },
      { key: 'onlyEn', problem: 'missing in zh-Hans' },
    ]);
  });

  it('passes plural forms that differ by language when the arguments agree', () => {
    expect(
      compareMessages({
        en: { calls: '{n, plural, one {# call} other {# calls}}' },
        'zh-Hans': { calls: '{n, plural, other {# 次调用}}' },
      }),
    ).toEqual([]);
  });

  it('the dashboard’s own message files agree', () => {
    expect(compareMessages({ en, 'zh-Hans': zhHans })).toEqual([]);
  });
});
