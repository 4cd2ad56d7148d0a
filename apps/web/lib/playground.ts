/**
 * The playground's pure rules: the forms and the /v1 bodies they make, the price of a run, the
 * equivalent curl and SDK call, the sandbox's one-click examples and the media routes.
 */
import { formatUsd, type Micros } from '@reelscout/domain/money';
import { maxCharge, OPERATIONS, SCAN_MAX_REELS } from '@reelscout/domain/prices';
import type { Messages, useTranslations } from 'next-intl';
import type {
  AnyInput,
  AssistHistoryEntry,
  InputOf,
  Market,
  MarketChoice,
  Mode,
  PlaygroundOperation,
  ScanInput,
  TrendKind,
  TrendStage,
} from './playground-types';

export const PLAYGROUND_OPERATIONS: readonly PlaygroundOperation[] = OPERATIONS;

/** The playground's messages (the `playground` namespace of apps/web/messages/<locale>.json). */
export type PlaygroundTexts = ReturnType<typeof useTranslations<'playground'>>;

/** The API's input bounds (the OpenAPI document; the DTOs in apps/api/src/<operation>/dto). */
export const TEXT_MAX = 2_000;
export const HISTORY_USED = 10;
export const LIMIT_MAX = 20;
export const MUSIC_DEFAULT_LIMIT = 10;
export const TRENDS_DEFAULT_LIMIT = 20;
export const TRENDS_LIMIT_MAX = 50;
export const PLAYBOOK_LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;
export type PlaybookLanguage = (typeof PLAYBOOK_LANGUAGES)[number];
export const MARKET_CHOICES: readonly MarketChoice[] = ['auto', 'network_a', 'network_b'];

// ---------- forms ----------

export interface FormState {
  assist: { message: string };
  scan: { query: string; market: MarketChoice; limit: string };
  playbook: { url: string; language: PlaybookLanguage | '' };
  music: { url: string; limit: string; requireCommercial: boolean };
  trends: {
    kind: TrendKind;
    market: Market;
    window: '7' | '30';
    sort: 'growth' | 'volume';
    stage: TrendStage | '';
    limit: string;
    commercialOnly: boolean;
  };
}

export const EMPTY_FORMS: FormState = {
  assist: { message: '' },
  scan: { query: '', market: 'auto', limit: String(SCAN_MAX_REELS) },
  playbook: { url: '', language: '' },
  music: { url: '', limit: String(MUSIC_DEFAULT_LIMIT), requireCommercial: false },
  trends: {
    kind: 'sounds',
    market: 'network_a',
    window: '7',
    sort: 'growth',
    stage: '',
    limit: String(TRENDS_DEFAULT_LIMIT),
    commercialOnly: false,
  },
};

export type FieldErrors = Partial<Record<string, string>>;

export type Checked<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors };

function requiredText(value: string, t: PlaygroundTexts): string | undefined {
  if (!value.trim()) return t('form.errors.required');
  if (value.length > TEXT_MAX) return t('form.errors.tooLong', { max: TEXT_MAX });
  return undefined;
}

/** `"5"` → 5; anything but a whole number from 1 to `max` (20) → null. */
export function parseLimit(text: string, max = LIMIT_MAX): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= max ? value : null;
}

/**
 * The /v1 body a form makes, exactly as an integrator would send it (optional fields left out
 * when they are at their default), or the errors to show beside the fields.
 */
export function buildInput<Op extends PlaygroundOperation>(
  operation: Op,
  forms: FormState,
  t: PlaygroundTexts,
  history: AssistHistoryEntry[] = [],
): Checked<InputOf[Op]> {
  const errors: FieldErrors = {};
  let input: InputOf[PlaygroundOperation];
  switch (operation) {
    case 'assist': {
      const { message } = forms.assist;
      const error = requiredText(message, t);
      if (error) errors.message = error;
      const recent = history.slice(-HISTORY_USED);
      input = recent.length ? { message, history: recent } : { message };
      break;
    }
    case 'scan': {
      const { query, market, limit } = forms.scan;
      const error = requiredText(query, t);
      if (error) errors.query = error;
      const reels = parseLimit(limit);
      if (reels === null) errors.limit = t('form.errors.limit');
      input = {
        query,
        ...(market === 'auto' ? {} : { market }),
        limit: reels ?? SCAN_MAX_REELS,
      };
      break;
    }
    case 'playbook': {
      const { url, language } = forms.playbook;
      const error = requiredText(url, t);
      if (error) errors.url = error;
      input = { url: url.trim(), ...(language ? { language } : {}) };
      break;
    }
    case 'trends': {
      const { kind, market, window, sort, stage, limit, commercialOnly } = forms.trends;
      const count = parseLimit(limit, TRENDS_LIMIT_MAX);
      if (count === null) errors.limit = t('form.errors.trendsLimit');
      input = {
        kind,
        market,
        ...(window === '30' ? { window: 30 as const } : {}),
        ...(stage ? { stage: [stage] } : {}),
        ...(sort === 'volume' ? { sort } : {}),
        ...(commercialOnly && kind === 'sounds' ? { commercialOnly: true } : {}),
        limit: count ?? TRENDS_DEFAULT_LIMIT,
      };
      break;
    }
    default: {
      const { url, limit, requireCommercial } = forms.music;
      const error = requiredText(url, t);
      if (error) errors.url = error;
      const count = parseLimit(limit);
      if (count === null) errors.limit = t('form.errors.limit');
      input = {
        url: url.trim(),
        limit: count ?? MUSIC_DEFAULT_LIMIT,
        ...(requireCommercial ? { requireCommercial: true } : {}),
      };
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: input as InputOf[Op] };
}

/**
 * The form field an API error's `param` names (`input.limit` → `limit`), for the error to show
 * beside it; null when it names none of the form's fields.
 */
export function fieldOfParam(
  operation: PlaygroundOperation,
  param: string | undefined,
): string | null {
  const match = /^input\.([A-Za-z]+)/.exec(param ?? '');
  if (!match) return null;
  const field = match[1] === 'history' ? 'message' : match[1];
  return field in EMPTY_FORMS[operation] ? field : null;
}

// ---------- price ----------

/** The most the run can cost (what is held while it runs), in micro-USD. */
export function runPriceMicros(operation: PlaygroundOperation, input: AnyInput): Micros {
  return maxCharge(operation, operation === 'scan' ? { limit: (input as ScanInput).limit } : {});
}

/** The price string live runs must confirm (`confirm_price_usd`): `"0.150000"`. */
export function runPriceUsd(operation: PlaygroundOperation, input: AnyInput): string {
  return formatUsd(runPriceMicros(operation, input));
}

// ---------- jobs and media ----------

export interface CreateJobBody {
  operation: PlaygroundOperation;
  input: InputOf[PlaygroundOperation];
  confirm_price_usd?: string;
}

/** `POST /account/jobs?mode=…`: live runs carry the price the reader confirmed. */
export function createJobRequest(
  operation: PlaygroundOperation,
  input: InputOf[PlaygroundOperation],
  mode: Mode,
): { path: string; body: CreateJobBody } {
  return {
    path: `/account/jobs?mode=${mode}`,
    body: {
      operation,
      input,
      ...(mode === 'live' ? { confirm_price_usd: runPriceUsd(operation, input) } : {}),
    },
  };
}

export function jobPath(jobId: string, mode: Mode, suffix = ''): string {
  return `/account/jobs/${encodeURIComponent(jobId)}${suffix}?mode=${mode}`;
}

export type MediaKind = 'cover' | 'frame' | 'audio';

/** The API's copy of a run's media (same origin, the session's account only). */
export function mediaUrl(jobId: string, mode: Mode, kind: MediaKind | 'video', index = 0): string {
  return jobPath(jobId, mode, kind === 'video' ? '/media/video' : `/media/${kind}/${index}`);
}

/** Polls quickly at first (assist ends in well under a second), then every second. */
export function pollDelayMs(polls: number): number {
  return polls < 6 ? 400 : 1_000;
}

// ---------- code ----------

/** A string for a POSIX shell's single quotes: `it's` → `'it'\''s'`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The API's address without a trailing slash. */
export function normaliseBaseUrl(base: string): string {
  return base.replace(/\/+$/, '');
}

/** The same request as the run, with curl; the key comes from `$REELSCOUT_API_KEY`. */
export function curlCommand(
  operation: PlaygroundOperation,
  input: InputOf[PlaygroundOperation],
  baseUrl: string,
): string {
  return [
    `curl -sS -X POST ${normaliseBaseUrl(baseUrl)}/v1/${operation} \\`,
    `  -H "Authorization: Bearer $REELSCOUT_API_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(input))}`,
  ].join('\n');
}

/** The same request with `@reelscout/sdk`. */
export function sdkSnippet(
  operation: PlaygroundOperation,
  input: InputOf[PlaygroundOperation],
  baseUrl: string,
): string {
  const body = JSON.stringify(input, null, 2);
  return [
    `import { Reelscout } from '@reelscout/sdk';`,
    ``,
    `const client = new Reelscout({`,
    `  apiKey: process.env.REELSCOUT_API_KEY,`,
    `  baseURL: ${JSON.stringify(normaliseBaseUrl(baseUrl))},`,
    `});`,
    `const result = await client.${operation === 'trends' ? 'trends.list' : operation}(${body});`,
    `console.log(result, result.lastResponse.chargedUsd);`,
  ].join('\n');
}

// ---------- sandbox examples (docs/test-mode.md) ----------

export type ExampleLabel = keyof Messages['playground']['examples'];

export interface Example<Op extends PlaygroundOperation = PlaygroundOperation> {
  label: ExampleLabel;
  /** The form fields the example sets. */
  form: Partial<FormState[Op]>;
  /** assist: start a new conversation before it (the follow-up keeps the one before). */
  freshConversation?: boolean;
}

const COFFEE_A = 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792';
const COFFEE_B = 'https://www.douyin.com/video/7500000375268684554';

export const EXAMPLES: { [Op in PlaygroundOperation]: Example<Op>[] } = {
  assist: [
    {
      label: 'assistScan',
      form: { message: 'find reels for my dog food brand' },
      freshConversation: true,
    },
    { label: 'assistFollowUp', form: { message: 'same but for cats' } },
    { label: 'assistChat', form: { message: 'thanks, that helps!' } },
    {
      label: 'assistRefuse',
      form: { message: 'what is the weather in Paris tomorrow?' },
      freshConversation: true,
    },
  ],
  scan: [
    { label: 'scanCoffee', form: { query: 'home espresso tips for beginners', market: 'auto' } },
    { label: 'scanChinese', form: { query: '手冲咖啡入门', market: 'auto' } },
    { label: 'scanHandle', form: { query: 'reels like @brewwithmaya', market: 'network_a' } },
    { label: 'scanEmpty', form: { query: 'coffee sandbox-empty', market: 'auto' } },
    { label: 'scanFail', form: { query: 'coffee sandbox-fail', market: 'auto' } },
  ],
  playbook: [
    { label: 'playbookCoffee', form: { url: COFFEE_A, language: '' } },
    { label: 'playbookNetworkB', form: { url: COFFEE_B, language: '' } },
    {
      label: 'playbookLong',
      form: { url: 'https://www.tiktok.com/@sandbox/video/7000000000000000200', language: '' },
    },
    {
      label: 'playbookInstagram',
      form: { url: 'https://www.instagram.com/reel/SANDBOXreel1/', language: '' },
    },
    { label: 'playbookShort', form: { url: 'https://vm.tiktok.com/ZMsandbox1/', language: '' } },
    {
      label: 'playbookPhoto',
      form: { url: 'https://www.tiktok.com/@sandbox/video/7000000000000000204', language: '' },
    },
  ],
  music: [
    { label: 'musicCoffee', form: { url: COFFEE_A } },
    { label: 'musicNetworkB', form: { url: COFFEE_B } },
    {
      label: 'musicNoSounds',
      form: { url: 'https://www.tiktok.com/@sandbox/video/7000000000000000000' },
    },
    {
      label: 'musicDeleted',
      form: { url: 'https://www.tiktok.com/@sandbox/video/7000000000000000410' },
    },
  ],
  trends: [
    { label: 'trendsSoundsA', form: { kind: 'sounds', market: 'network_a', stage: '' } },
    {
      label: 'trendsHashtagsB',
      form: { kind: 'hashtags', market: 'network_b', window: '30', stage: 'rising' },
    },
  ],
};
