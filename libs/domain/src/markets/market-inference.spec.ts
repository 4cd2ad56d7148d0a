import { DomainError } from '../errors';
import { inferMarket, resolveScanMarket } from './market-inference';
import { findPlaceMentions } from './place-gazetteer';

type Row = readonly [brief: string, market: 'network_a' | 'network_b', reason: string];

const ENGLISH: readonly Row[] = [
  ['fitness tips for beginners', 'network_a', 'default'],
  ['skincare routine for oily skin', 'network_a', 'default'],
  ['best street food in Chengdu', 'network_b', 'names_mainland_place:Chengdu'],
  ['Beijing hutong walking tour', 'network_b', 'names_mainland_place:Beijing'],
  ['Shanghai coffee shops', 'network_b', 'names_mainland_place:Shanghai'],
  ['Chengdu hotpot', 'network_b', 'names_mainland_place:Chengdu'],
  ['travel vlog in Guangzhou and Shenzhen', 'network_b', 'names_mainland_place:Guangzhou'],
  ["Xi'an night market", 'network_b', "names_mainland_place:Xi'an"],
  ['Xian terracotta warriors', 'network_b', "names_mainland_place:Xi'an"],
  ['PEKING university campus tour', 'network_b', 'names_mainland_place:Beijing'],
  ['hiking in Yunnan', 'network_b', 'names_mainland_place:Yunnan'],
  ['trending dances in mainland China', 'network_b', 'names_mainland_place:mainland China'],
  ['China travel vlog', 'network_b', 'names_mainland_place:China'],
  [
    "People's Republic of China economy explained",
    'network_b',
    'names_mainland_place:mainland China',
  ],
  ['Ｂｅｉｊｉｎｇ food tour', 'network_b', 'names_mainland_place:Beijing'],
  ['Peking duck in London', 'network_a', 'default'],
  ['Sichuan pepper chicken recipe', 'network_a', 'default'],
  ['Szechuan food in London', 'network_a', 'default'],
  ['Hunan-style beef at home', 'network_a', 'default'],
  ['Shanghai-style noodles at home', 'network_a', 'default'],
  ['Chinese food in London', 'network_a', 'default'],
  ['Chinese diaspora stories', 'network_a', 'default'],
  ['Chinese New Year decorations', 'network_a', 'default'],
  ['made in China gadgets review', 'network_a', 'default'],
  ['bone china tea set haul', 'network_a', 'default'],
  ['Chinatown food tour in San Francisco', 'network_a', 'default'],
  ['South China Morning Post headlines', 'network_a', 'default'],
  ['Salvador Dali inspired art', 'network_a', 'default'],
  ['Douyin dance trends', 'network_b', 'names_network_b_app'],
  ['what is trending on Chinese TikTok', 'network_b', 'names_network_b_app'],
  ['Taipei cafes', 'network_a', 'names_tw_hk_mo:Taipei'],
  ['Hong Kong street food', 'network_a', 'names_tw_hk_mo:Hong Kong'],
  ['Macau casino vlog', 'network_a', 'names_tw_hk_mo:Macau'],
  ['Republic of China history explained', 'network_a', 'names_tw_hk_mo:Taiwan'],
  ['Shanghai vs Hong Kong skyline', 'network_a', 'names_both_regions'],
  ['서울 카페 브이로그', 'network_a', 'default'],
];

const SIMPLIFIED: readonly Row[] = [
  ['成都火锅探店', 'network_b', 'simplified_script'],
  ['健身房新手教学', 'network_b', 'simplified_script'],
  ['这个夏天最火的舞蹈', 'network_b', 'simplified_script'],
  ['美妆教程 油皮', 'network_b', 'simplified_script'],
  ['北京美食', 'network_b', 'names_mainland_place:Beijing'],
  ['上海咖啡', 'network_b', 'names_mainland_place:Shanghai'],
  ['在抖音上爆火的舞蹈', 'network_b', 'names_network_b_app'],
  ['香港美食推荐', 'network_a', 'names_tw_hk_mo:Hong Kong'],
  ['台湾旅游攻略', 'network_a', 'names_tw_hk_mo:Taiwan'],
  ['内地游客香港购物攻略', 'network_b', 'simplified_script'],
  ['中国香港旅游攻略', 'network_b', 'simplified_script'],
  ['在这个平台中最火的内容', 'network_b', 'simplified_script'],
];

const TRADITIONAL: readonly Row[] = [
  ['台北美食推薦', 'network_a', 'traditional_script'],
  ['這個夏天最紅的舞蹈', 'network_a', 'traditional_script'],
  ['健身房新手教學', 'network_a', 'traditional_script'],
  ['上海美食推薦', 'network_a', 'traditional_script'],
  ['抖音熱門舞蹈', 'network_a', 'traditional_script'],
  ['香港茶餐廳', 'network_a', 'traditional_script'],
  ['我們去游泳吧', 'network_a', 'traditional_script'],
  ['起床後的例行公事', 'network_a', 'traditional_script'],
];

const NEUTRAL_HAN_AND_MIXED: readonly Row[] = [
  ['北京', 'network_b', 'names_mainland_place:Beijing'],
  ['香港', 'network_a', 'names_tw_hk_mo:Hong Kong'],
  ['台中市咖啡', 'network_a', 'names_tw_hk_mo:Taichung'],
  ['日本料理', 'network_b', 'chinese_language'],
  ['范先生的征服之路', 'network_b', 'chinese_language'],
  ['大理石台面', 'network_b', 'chinese_language'],
  ['咖啡拉花', 'network_b', 'chinese_language'],
  ['latte art 咖啡', 'network_a', 'default'],
  ['東京のラーメン', 'network_a', 'default'],
  ['大学の学園祭', 'network_a', 'default'],
  ['Douyin 熱門舞蹈', 'network_b', 'names_network_b_app'],
  ['best 火锅 in 成都', 'network_b', 'simplified_script'],
  ['best 火鍋 in Chengdu', 'network_a', 'traditional_script'],
  ['TikTok trends 台灣', 'network_a', 'traditional_script'],
  ['Beijing 美食推荐', 'network_b', 'simplified_script'],
  ['Korean skincare 护肤', 'network_b', 'simplified_script'],
  ['K-pop dance challenge 跳舞', 'network_a', 'default'],
  ['Shanghai 美食 Hong Kong', 'network_a', 'names_both_regions'],
];

describe('inferMarket', () => {
  const all = [...ENGLISH, ...SIMPLIFIED, ...TRADITIONAL, ...NEUTRAL_HAN_AND_MIXED];

  it('has at least 40 briefs', () => {
    expect(all.length).toBeGreaterThanOrEqual(40);
  });

  describe.each([
    ['English and other languages', ENGLISH],
    ['Simplified Chinese', SIMPLIFIED],
    ['Traditional Chinese', TRADITIONAL],
    ['neutral Han, Japanese and mixed text', NEUTRAL_HAN_AND_MIXED],
  ])('%s', (_group, rows) => {
    it.each(rows)('%s → %s (%s)', (brief, market, reason) => {
      expect(inferMarket(brief)).toEqual({ market, reason });
    });
  });

  it('treats an empty or non-string brief as the default', () => {
    expect(inferMarket('')).toEqual({ market: 'network_a', reason: 'default' });
    expect(inferMarket(undefined as unknown as string)).toEqual({
      market: 'network_a',
      reason: 'default',
    });
  });

  it('handles a 2 000-character brief', () => {
    expect(inferMarket('健身房新手教学'.repeat(285)).market).toBe('network_b');
  });
});

describe('resolveScanMarket', () => {
  it('uses an explicit market over the brief', () => {
    expect(resolveScanMarket('network_a', '成都火锅探店')).toEqual({
      market: 'network_a',
      reason: 'explicit',
    });
    expect(resolveScanMarket('network_b', 'fitness tips')).toEqual({
      market: 'network_b',
      reason: 'explicit',
    });
  });

  it('infers the market for auto or an absent market', () => {
    expect(resolveScanMarket('auto', '成都火锅探店')).toEqual({
      market: 'network_b',
      reason: 'simplified_script',
    });
    expect(resolveScanMarket(undefined, 'fitness tips')).toEqual({
      market: 'network_a',
      reason: 'default',
    });
  });

  it.each(['Network_A', 'network_c', '', 'china', 1, {}])(
    'refuses market %j with param market',
    (market) => {
      let thrown: unknown;
      try {
        resolveScanMarket(market, 'fitness');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect((thrown as DomainError).code).toBe('invalid_request');
      expect((thrown as DomainError).param).toBe('market');
    },
  );
});

describe('findPlaceMentions', () => {
  it('lists each place once, in order of first appearance', () => {
    expect(
      findPlaceMentions('Chengdu, then 香港, then 成都 again and Hong Kong').map((p) => p.name),
    ).toEqual(['Chengdu', 'Hong Kong']);
  });

  it('does not read words that contain a place name as the place', () => {
    expect(findPlaceMentions('Chinatown harbinger Indochina hkust shanghaied')).toEqual([]);
  });
});
