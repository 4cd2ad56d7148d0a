/**
 * Places that decide a scan's market when the brief's script does not (docs/architecture.md §8):
 * mainland China (→ network_b) and Taiwan, Hong Kong, Macau (→ network_a, where those audiences
 * are). Each place has Han spellings (Simplified and Traditional, matched as substrings, since
 * Chinese has no spaces) and Latin spellings (English, pinyin and common older romanisations,
 * matched case-insensitively as whole words).
 *
 * Matching is conservative for mainland names in Latin script, because a false match moves a
 * brief to the other network. Provinces name cuisines, so a province (or one of the few cities
 * that name a dish: Peking, Lanzhou) followed by a food word is not a location ("Sichuan
 * pepper", "Szechuan food in London", "Hunan chicken", "Peking duck", "Lanzhou noodles"). A city
 * followed by a food word is still a location ("Chengdu hotpot", "Xi'an street food"), except in
 * the "-style" form ("Shanghai-style noodles"). The
 * adjectives "Chinese", "Taiwanese", "Cantonese" are not places at all ("Chinese food in London",
 * "Chinese diaspora" stay on network_a), and "China" is not counted in "made in China",
 * "bone/fine china", "South China", "Indo-China" or "Republic of China" (which names Taiwan).
 */

export type PlaceRegion = 'mainland' | 'tw_hk_mo';

export interface PlaceMention {
  /** The place's English name, used in the inference reason (`names_mainland_place:Chengdu`). */
  name: string;
  region: PlaceRegion;
  /** Position of the match in the text, to report the first place named. */
  index: number;
}

interface PlaceEntry {
  name: string;
  region: PlaceRegion;
  /** Han spellings: plain strings, or patterns when a spelling needs a guard. */
  han?: readonly (string | RegExp)[];
  /** Latin spellings as regular-expression sources (case-insensitive, whole words). */
  latin?: readonly string[];
  /** Text right after a Latin match that means "not a location". */
  latinNotAfter?: RegExp;
  /** Text right before a Latin match that means "not a location". */
  latinNotBefore?: RegExp;
}

/** After a province: "Sichuan pepper", "Hunan-style", "Yunnan tea". */
const CUISINE_AFTER =
  /^[\s-]*(?:style|duck|chicken|beef|pork|lamb|fish|noodles?|dumplings?|buns?|hot[\s-]?pot|peppers?|peppercorns?|sauce|cuisine|foods?|dish(?:es)?|recipes?|restaurants?|takeaway|tofu|fried|rice|chil(?:l)?i|tea|beer|cooking|kitchen)(?![A-Za-z])/i;

/** After a city: only "Shanghai-style", "Chengdu style". */
const STYLE_AFTER = /^[\s-]*style(?![A-Za-z])/i;

/** A mainland city: a location even before a food word. */
function mainland(name: string, han: (string | RegExp)[], latin: string[] = []): PlaceEntry {
  return { name, region: 'mainland', han, latin, latinNotAfter: STYLE_AFTER };
}

/** A mainland province, or a city that names a dish: not a location before a food word. */
function mainlandCuisine(name: string, han: (string | RegExp)[], latin: string[]): PlaceEntry {
  return { name, region: 'mainland', han, latin, latinNotAfter: CUISINE_AFTER };
}

function twHkMo(name: string, han: (string | RegExp)[], latin: string[] = []): PlaceEntry {
  return { name, region: 'tw_hk_mo', han, latin };
}

const PLACES: readonly PlaceEntry[] = [
  // Mainland China as a whole.
  mainland(
    'mainland China',
    ['中国大陆', '中國大陸', '内地', '內地'],
    [
      'mainland[\\s-]+china',
      'chinese[\\s-]+mainland',
      'mainland[\\s-]+chinese',
      "people'?s[\\s-]+republic[\\s-]+of[\\s-]+china",
      'prc',
    ],
  ),
  {
    name: 'China',
    region: 'mainland',
    han: ['中国', '中國'],
    latin: ['china'],
    latinNotBefore: /(?:made\s+in|bone|fine|south|indo-?|republic\s+of)\s*$/i,
    latinNotAfter:
      /^[\s-]*(?:town|plates?|cups?|sets?|cabinets?|dolls?|shop|made|-made)(?![A-Za-z])/i,
  },
  // Municipalities and major cities.
  mainland('Beijing', ['北京'], ['beijing']),
  mainlandCuisine('Beijing', [], ['peking']),
  mainland('Shanghai', ['上海'], ['shanghai']),
  mainland('Guangzhou', ['广州', '廣州'], ['guangzhou']),
  mainland('Shenzhen', ['深圳'], ['shenzhen']),
  mainland('Chengdu', ['成都'], ['chengdu']),
  mainland('Chongqing', ['重庆', '重慶'], ['chongqing', 'chungking']),
  mainland('Hangzhou', ['杭州'], ['hangzhou']),
  mainland('Wuhan', ['武汉', '武漢'], ['wuhan']),
  mainland("Xi'an", ['西安'], ["xi['’]?an"]),
  mainland('Nanjing', ['南京'], ['nanjing', 'nanking']),
  mainland('Tianjin', ['天津'], ['tianjin', 'tientsin']),
  mainland('Suzhou', ['苏州', '蘇州'], ['suzhou']),
  mainland('Changsha', ['长沙', '長沙'], ['changsha']),
  mainland('Zhengzhou', ['郑州', '鄭州'], ['zhengzhou']),
  mainland('Qingdao', ['青岛', '青島'], ['qingdao']),
  mainland('Xiamen', ['厦门', '廈門'], ['xiamen']),
  mainland('Kunming', ['昆明'], ['kunming']),
  mainland('Dalian', ['大连', '大連'], ['dalian']),
  mainland('Shenyang', ['沈阳', '瀋陽'], ['shenyang']),
  mainland('Harbin', ['哈尔滨', '哈爾濱'], ['harbin']),
  mainland('Jinan', ['济南', '濟南'], ['jinan']),
  mainland('Hefei', ['合肥'], ['hefei']),
  mainland('Fuzhou', ['福州'], ['fuzhou']),
  mainland('Nanning', ['南宁', '南寧'], ['nanning']),
  mainland('Guiyang', ['贵阳', '貴陽'], ['guiyang']),
  mainlandCuisine('Lanzhou', ['兰州', '蘭州'], ['lanzhou']),
  mainland('Urumqi', ['乌鲁木齐', '烏魯木齊'], ['urumqi']),
  mainland('Lhasa', ['拉萨', '拉薩'], ['lhasa']),
  mainland('Sanya', ['三亚', '三亞'], ['sanya']),
  mainland('Guilin', ['桂林'], ['guilin']),
  mainland('Lijiang', ['丽江', '麗江'], ['lijiang']),
  mainland('Dali', [/大理(?!石)/]), // 大理石 is marble; "Dali" in Latin script is the painter
  mainland('Ningbo', ['宁波', '寧波'], ['ningbo']),
  mainland('Wuxi', ['无锡', '無錫'], ['wuxi']),
  mainland('Wenzhou', ['温州', '溫州'], ['wenzhou']),
  mainland('Foshan', ['佛山'], ['foshan']),
  mainland('Dongguan', ['东莞', '東莞'], ['dongguan']),
  mainland('Zhuhai', ['珠海'], ['zhuhai']),
  mainland('Shijiazhuang', ['石家庄', '石家莊'], ['shijiazhuang']),
  mainland('Taiyuan', ['太原'], ['taiyuan']),
  mainland('Nanchang', ['南昌'], ['nanchang']),
  mainland('Changchun', ['长春', '長春'], ['changchun']),
  mainland('Hohhot', ['呼和浩特'], ['hohhot']),
  mainland('Yinchuan', ['银川', '銀川'], ['yinchuan']),
  mainland('Xining', ['西宁', '西寧'], ['xining']),
  mainland('Haikou', ['海口'], ['haikou']),
  mainland('Yiwu', ['义乌', '義烏'], ['yiwu']),
  mainland('Luoyang', ['洛阳', '洛陽'], ['luoyang']),
  mainland('Zhangjiajie', ['张家界', '張家界'], ['zhangjiajie']),
  // Provinces and autonomous regions.
  mainlandCuisine('Guangdong', ['广东', '廣東'], ['guangdong']),
  mainlandCuisine('Sichuan', ['四川'], ['sichuan', 'szechuan', 'szechwan']),
  mainlandCuisine('Zhejiang', ['浙江'], ['zhejiang']),
  mainlandCuisine('Jiangsu', ['江苏', '江蘇'], ['jiangsu']),
  mainlandCuisine('Hunan', ['湖南'], ['hunan']),
  mainlandCuisine('Hubei', ['湖北'], ['hubei']),
  mainlandCuisine('Henan', ['河南'], ['henan']),
  mainlandCuisine('Hebei', ['河北'], ['hebei']),
  mainlandCuisine('Shandong', ['山东', '山東'], ['shandong']),
  mainlandCuisine('Shanxi', ['山西'], ['shanxi']),
  mainlandCuisine('Shaanxi', ['陕西', '陝西'], ['shaanxi']),
  mainlandCuisine('Fujian', ['福建'], ['fujian']),
  mainlandCuisine('Yunnan', ['云南', '雲南'], ['yunnan']),
  mainlandCuisine('Guizhou', ['贵州', '貴州'], ['guizhou']),
  mainlandCuisine('Guangxi', ['广西', '廣西'], ['guangxi']),
  mainlandCuisine('Hainan', [/海南(?![鸡雞])/], ['hainan']), // 海南鸡饭, Hainan chicken rice: a dish
  mainlandCuisine('Jiangxi', ['江西'], ['jiangxi']),
  mainlandCuisine('Anhui', ['安徽'], ['anhui']),
  mainlandCuisine('Liaoning', ['辽宁', '遼寧'], ['liaoning']),
  mainlandCuisine('Jilin', ['吉林'], ['jilin']),
  mainlandCuisine('Heilongjiang', ['黑龙江', '黑龍江'], ['heilongjiang']),
  mainlandCuisine('Inner Mongolia', ['内蒙古', '內蒙古'], ['inner[\\s-]+mongolia']),
  mainlandCuisine('Xinjiang', ['新疆'], ['xinjiang']),
  mainlandCuisine('Tibet', ['西藏'], ['tibet']),
  mainlandCuisine('Gansu', ['甘肃', '甘肅'], ['gansu']),
  mainlandCuisine('Qinghai', ['青海'], ['qinghai']),
  mainlandCuisine('Ningxia', ['宁夏', '寧夏'], ['ningxia']),

  // Taiwan, Hong Kong, Macau, together and one by one.
  twHkMo('Hong Kong, Macau and Taiwan', ['港澳台', '港台']),
  twHkMo(
    'Taiwan',
    ['台湾', '台灣', '臺灣', '臺湾'],
    ['taiwan', 'formosa', "(?<!people'?s[\\s-]+)republic[\\s-]+of[\\s-]+china"],
  ),
  twHkMo('Taipei', ['台北', '臺北', '新北'], ['(?:new[\\s-]+)?taipei']),
  twHkMo('Kaohsiung', ['高雄'], ['kaohsiung']),
  // 台中 and 台南 alone also occur inside words (平台中, 舞台中), so only the unambiguous forms count.
  twHkMo('Taichung', ['台中市', '臺中'], ['taichung']),
  twHkMo('Tainan', ['台南市', '臺南'], ['tainan']),
  twHkMo('Hsinchu', ['新竹'], ['hsinchu']),
  twHkMo('Taoyuan', ['桃园', '桃園'], ['taoyuan']),
  twHkMo('Keelung', ['基隆'], ['keelung']),
  twHkMo('Hualien', ['花莲', '花蓮'], ['hualien']),
  twHkMo('Yilan', ['宜兰', '宜蘭'], ['yilan']),
  twHkMo('Kenting', ['垦丁', '墾丁'], ['kenting']),
  twHkMo('Jiufen', ['九份'], ['jiufen']),
  twHkMo('Ximending', ['西门町', '西門町'], ['ximending']),
  twHkMo('Hong Kong', ['香港'], ['hong[\\s-]*kong', 'hk']),
  twHkMo('Kowloon', ['九龙', '九龍'], ['kowloon']),
  twHkMo('Mong Kok', ['旺角'], ['mong[\\s-]*kok']),
  twHkMo('Tsim Sha Tsui', ['尖沙咀'], ['tsim[\\s-]+sha[\\s-]+tsui']),
  twHkMo('Causeway Bay', ['铜锣湾', '銅鑼灣'], ['causeway[\\s-]+bay']),
  twHkMo('Sham Shui Po', ['深水埗'], ['sham[\\s-]+shui[\\s-]+po']),
  twHkMo('Lantau', ['大屿山', '大嶼山'], ['lantau']),
  twHkMo('Macau', ['澳门', '澳門', '氹仔'], ['maca[uo]', 'cotai', 'taipa']),
];

interface CompiledAlias {
  place: PlaceEntry;
  pattern: RegExp;
  latin: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

let compiled: CompiledAlias[] | undefined;

function compiledAliases(): CompiledAlias[] {
  compiled ??= PLACES.flatMap((place) => [
    ...(place.han ?? []).map((alias) => ({
      place,
      latin: false,
      pattern: new RegExp(typeof alias === 'string' ? escapeRegExp(alias) : alias.source, 'gu'),
    })),
    ...(place.latin ?? []).map((alias) => ({
      place,
      latin: true,
      // Whole words in Latin script; a neighbouring Han character is a boundary too.
      pattern: new RegExp(`(?<![A-Za-z0-9])(?:${alias})(?![A-Za-z0-9])`, 'giu'),
    })),
  ]);
  return compiled;
}

function isLocationUse(alias: CompiledAlias, text: string, index: number, length: number): boolean {
  if (!alias.latin) return true;
  const { place } = alias;
  if (place.latinNotAfter && place.latinNotAfter.test(text.slice(index + length))) return false;
  if (place.latinNotBefore && place.latinNotBefore.test(text.slice(0, index))) return false;
  return true;
}

/** Every place the text names, in order of first appearance, one mention per place name. */
export function findPlaceMentions(text: string): PlaceMention[] {
  const first = new Map<string, PlaceMention>();
  for (const alias of compiledAliases()) {
    alias.pattern.lastIndex = 0;
    for (const match of text.matchAll(alias.pattern)) {
      const index = match.index ?? 0;
      if (!isLocationUse(alias, text, index, match[0].length)) continue;
      const known = first.get(alias.place.name);
      if (known === undefined || index < known.index) {
        first.set(alias.place.name, { name: alias.place.name, region: alias.place.region, index });
      }
      break;
    }
  }
  return [...first.values()].sort((a, b) => a.index - b.index);
}
