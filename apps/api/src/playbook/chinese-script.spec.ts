import { dominantScript, scriptEvidence } from '@reelscout/domain';
import { deepToLanguageScript, isChineseTag, toLanguageScript } from './chinese-script';

describe('chinese script', () => {
  it('writes zh-Hant in Traditional characters, with phrase-level choices', () => {
    expect(toLanguageScript('先把新鲜咖啡豆现磨好，后来头发也长了。', 'zh-Hant')).toBe(
      '先把新鮮咖啡豆現磨好，後來頭髮也長了。',
    );
  });

  it('writes zh-Hans in Simplified characters', () => {
    expect(toLanguageScript('追蹤我看下一集。鏡頭', 'zh-Hans')).toBe('追踪我看下一集。镜头');
  });

  it('leaves English, and everything in an en document, untouched', () => {
    expect(toLanguageScript('Stop wasting money', 'zh-Hant')).toBe('Stop wasting money');
    const doc = { a: ['关注我'], b: { c: '镜头' } };
    expect(deepToLanguageScript(doc, 'en')).toBe(doc);
  });

  it('converts every string of a nested value, keeping numbers and nulls', () => {
    const converted = deepToLanguageScript(
      { t: 1.5, none: null, lines: [{ line: '关注我看下期' }], flag: true },
      'zh-Hant',
    );
    expect(converted).toEqual({
      t: 1.5,
      none: null,
      lines: [{ line: '關注我看下期' }],
      flag: true,
    });
    const evidence = scriptEvidence(JSON.stringify(converted));
    expect(evidence.simplified).toBe(0);
    expect(dominantScript(evidence)).toBe('traditional');
  });

  it('recognises Chinese language tags', () => {
    for (const tag of ['zh', 'zh-Hans', 'zh_TW', 'cmn-Hans-CN', 'yue']) {
      expect(isChineseTag(tag)).toBe(true);
    }
    for (const tag of ['en', 'zhx', null, undefined, '']) expect(isChineseTag(tag)).toBe(false);
  });
});
