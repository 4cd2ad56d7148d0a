import { dominantScript, scriptEvidence } from './han-script';
import type { Market } from '../modes';
import { parseMarketChoice } from './market';
import { findPlaceMentions, type PlaceMention } from './place-gazetteer';

/**
 * Why a market was chosen, for logs and tests:
 * `explicit`, `names_network_b_app`, `traditional_script`, `names_tw_hk_mo:<place>`,
 * `simplified_script`, `names_mainland_place:<place>`, `names_both_regions`, `default`.
 */
export type MarketReason = string;

export interface MarketInference {
  market: Market;
  reason: MarketReason;
}

/** network_b's app named in Latin script: "Douyin", "Chinese TikTok", "TikTok China". */
const NETWORK_B_APP_LATIN =
  /(?<![A-Za-z0-9])(?:dou[\s-]?yin|chin(?:ese|a'?s)[\s-]+tik[\s-]?tok|tik[\s-]?tok[\s-]+china)(?![A-Za-z0-9])/i;
/** network_b's app named in Chinese. */
const NETWORK_B_APP_HAN = /抖音/;

/**
 * Chooses the network for a scan brief when the caller passed `market: auto` or nothing
 * (docs/architecture.md §8). The rules, first match wins:
 *
 * 1. The brief names network_b's app in Latin script ("on Douyin", "Chinese TikTok") → network_b.
 * 2. The Han characters are mostly Traditional (per character, see han-script.ts) → network_a:
 *    Traditional writers are in Taiwan, Hong Kong and Macau, whose audiences are on network_a.
 *    This holds even when a mainland place is named (a Taiwanese brief about Shanghai food), and
 *    when 抖音 is written, which is also what Taiwan and Hong Kong users call network_a's app.
 * 3. The brief names 抖音 → network_b.
 * 4. It names Taiwan, Hong Kong or Macau (or a place there) and no mainland place → network_a,
 *    whatever the script: the place names the audience, the script only suggests it.
 * 5. The Han characters are mostly Simplified → network_b.
 * 6. It names mainland China or a place in it (Chinese, English or pinyin) and no place in
 *    Taiwan, Hong Kong or Macau → network_b.
 * 7. It names places on both sides ("Shanghai vs Hong Kong skylines") → network_a, the network
 *    that reaches both audiences.
 * 8. It is written in Chinese (more Han words — two characters each — than Latin words, no kana
 *    or hangul) but with no character that tells the scripts apart (咖啡拉花) → network_b: a
 *    Chinese-language brief goes to network_b (docs/architecture.md §8), and only Traditional
 *    evidence says otherwise.
 * 9. Otherwise (any other language, no place) → network_a.
 *
 * Japanese text (any kana present) gives no script evidence: kanji mix both standards.
 */
export function inferMarket(query: string): MarketInference {
  // NFKC folds full-width Latin (Ｂｅｉｊｉｎｇ) and CJK compatibility ideographs.
  const text = typeof query === 'string' ? query.normalize('NFKC') : '';

  if (NETWORK_B_APP_LATIN.test(text)) return { market: 'network_b', reason: 'names_network_b_app' };

  const script = dominantScript(scriptEvidence(text));
  if (script === 'traditional') return { market: 'network_a', reason: 'traditional_script' };
  if (NETWORK_B_APP_HAN.test(text)) return { market: 'network_b', reason: 'names_network_b_app' };

  const places = findPlaceMentions(text);
  const firstMainland = firstOf(places, 'mainland');
  const firstTwHkMo = firstOf(places, 'tw_hk_mo');

  if (firstTwHkMo && !firstMainland) {
    return { market: 'network_a', reason: `names_tw_hk_mo:${firstTwHkMo.name}` };
  }
  if (script === 'simplified') return { market: 'network_b', reason: 'simplified_script' };
  if (firstMainland && !firstTwHkMo) {
    return { market: 'network_b', reason: `names_mainland_place:${firstMainland.name}` };
  }
  if (firstMainland && firstTwHkMo) return { market: 'network_a', reason: 'names_both_regions' };
  if (isChineseLanguage(text)) return { market: 'network_b', reason: 'chinese_language' };
  return { market: 'network_a', reason: 'default' };
}

const HAN = /\p{Script=Han}/gu;
const KANA_OR_HANGUL = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LATIN_WORD = /[A-Za-z]+/g;

/**
 * Mostly Chinese: more Han words (counted as two characters each, the typical word length)
 * than Latin words, and nothing that marks the text as Japanese or Korean.
 */
function isChineseLanguage(text: string): boolean {
  if (KANA_OR_HANGUL.test(text)) return false;
  const han = text.match(HAN)?.length ?? 0;
  return han > 0 && han / 2 > (text.match(LATIN_WORD)?.length ?? 0);
}

function firstOf(places: PlaceMention[], region: PlaceMention['region']): PlaceMention | undefined {
  return places.find((place) => place.region === region);
}

/**
 * The market of a scan: the `market` field when it names one, otherwise inferred from the
 * query. Throws 400 `invalid_request` (`param: "market"`) for an unknown market value.
 */
export function resolveScanMarket(market: unknown, query: string): MarketInference {
  const choice = parseMarketChoice(market);
  return choice === 'auto' ? inferMarket(query) : { market: choice, reason: 'explicit' };
}
