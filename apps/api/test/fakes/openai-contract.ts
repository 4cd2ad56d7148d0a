/**
 * The request contract of the two OpenAI endpoints Reelscout calls, as the `openai` SDK's own
 * types declare it (openai 6.x; the .d.ts paths below are under node_modules/openai/). The fake
 * OpenAI server checks every request with these, so a request the real API would refuse fails
 * in tests too. Hand-written on purpose: each rule names the declared type it comes from.
 */

/** A rule a request broke: OpenAI's `error.message` and `error.param`. */
export interface ContractViolation {
  message: string;
  param: string | null;
}

/** OpenAI's documented error body for a request it refuses (HTTP 400). */
export function invalidRequestBody(violation: ContractViolation): {
  error: { message: string; type: 'invalid_request_error'; param: string | null; code: null };
} {
  return {
    error: {
      message: violation.message,
      type: 'invalid_request_error',
      param: violation.param,
      code: null,
    },
  };
}

// --- POST /v1/chat/completions -------------------------------------------------------------

/**
 * Every property of `ChatCompletionCreateParamsBase` (resources/chat/completions/completions.d.ts),
 * which `ChatCompletionCreateParamsNonStreaming` extends. Anything else is refused, like the real
 * API's "Unrecognized request argument supplied".
 */
export const CHAT_COMPLETION_PARAMS: readonly string[] = [
  'messages',
  'model',
  'audio',
  'frequency_penalty',
  'function_call',
  'functions',
  'logit_bias',
  'logprobs',
  'max_completion_tokens',
  'max_tokens',
  'metadata',
  'modalities',
  'moderation',
  'n',
  'parallel_tool_calls',
  'prediction',
  'presence_penalty',
  'prompt_cache_key',
  'prompt_cache_options',
  'prompt_cache_retention',
  'reasoning_effort',
  'response_format',
  'safety_identifier',
  'seed',
  'service_tier',
  'stop',
  'store',
  'stream',
  'stream_options',
  'temperature',
  'tool_choice',
  'tools',
  'top_logprobs',
  'top_p',
  'user',
  'verbosity',
  'web_search_options',
];

/** `ChatCompletionMessageParam` (completions.d.ts): the union's `role` literals. */
const MESSAGE_ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'];

/** `ResponseFormatJSONSchema.JSONSchema.name` (resources/shared.d.ts): "a-z, A-Z, 0-9, _ and -, max 64". */
const SCHEMA_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** `ChatCompletionContentPartImage.ImageURL.detail` (completions.d.ts). */
const IMAGE_DETAILS = ['auto', 'low', 'high'];

/** `ChatCompletionContentPartInputAudio.InputAudio.format` (completions.d.ts). */
const AUDIO_FORMATS = ['wav', 'mp3'];

type Check = ContractViolation | null;

/** Checks a chat completion request body against `ChatCompletionCreateParamsNonStreaming`. */
export function checkChatCompletionRequest(body: unknown): Check {
  if (!isObject(body)) {
    return violation('The request body must be a JSON object.', null);
  }
  for (const key of Object.keys(body)) {
    if (!CHAT_COMPLETION_PARAMS.includes(key)) {
      return violation(`Unrecognized request argument supplied: ${key}`, null);
    }
  }
  // `model: (string & {}) | Shared.ChatModel`
  if (body.model === undefined) return violation('you must provide a model parameter', null);
  if (typeof body.model !== 'string' || body.model === '') {
    return violation(`Invalid type for 'model': expected a string.`, 'model');
  }
  // `messages: Array<ChatCompletionMessageParam>`
  if (!Array.isArray(body.messages)) {
    return violation(`Missing required parameter: 'messages'.`, 'messages');
  }
  if (body.messages.length === 0) {
    return violation(
      `Invalid 'messages': empty array. Expected an array with minimum length 1.`,
      'messages',
    );
  }
  for (const [index, message] of body.messages.entries()) {
    const problem = checkMessage(message, `messages[${index}]`);
    if (problem) return problem;
  }
  // `ChatCompletionCreateParamsNonStreaming.stream?: false | null` (the fake does not stream)
  if (body.stream !== undefined && body.stream !== null && body.stream !== false) {
    return violation(`Invalid 'stream': this fake only answers non-streaming requests.`, 'stream');
  }
  if (body.response_format !== undefined) {
    const problem = checkResponseFormat(body.response_format);
    if (problem) return problem;
  }
  return null;
}

/** One `ChatCompletionMessageParam` (completions.d.ts), by its `role`. */
function checkMessage(message: unknown, at: string): Check {
  if (!isObject(message)) return violation(`Invalid type for '${at}': expected an object.`, at);
  const role = message.role;
  if (typeof role !== 'string' || !MESSAGE_ROLES.includes(role)) {
    return violation(
      `Invalid value for '${at}.role': expected one of ${MESSAGE_ROLES.map((r) => `'${r}'`).join(', ')}.`,
      `${at}.role`,
    );
  }
  const content = message.content;
  switch (role) {
    // `ChatCompletionSystemMessageParam` / `ChatCompletionDeveloperMessageParam`:
    // `content: string | Array<ChatCompletionContentPartText>`
    case 'system':
    case 'developer':
      return checkContent(content, `${at}.content`, ['text'], { required: true });
    // `ChatCompletionUserMessageParam`: `content: string | Array<ChatCompletionContentPart>`
    case 'user':
      return checkContent(content, `${at}.content`, ['text', 'image_url', 'input_audio', 'file'], {
        required: true,
      });
    // `ChatCompletionAssistantMessageParam`:
    // `content?: string | Array<ChatCompletionContentPartText | ChatCompletionContentPartRefusal> | null`
    case 'assistant':
      return checkContent(content, `${at}.content`, ['text', 'refusal'], { required: false });
    // `ChatCompletionToolMessageParam`: `content: string | Array<…Text>`, `tool_call_id: string`
    case 'tool':
      if (typeof message.tool_call_id !== 'string') {
        return violation(`Missing required parameter: '${at}.tool_call_id'.`, `${at}.tool_call_id`);
      }
      return checkContent(content, `${at}.content`, ['text'], { required: true });
    // `ChatCompletionFunctionMessageParam`: `content: string | null`, `name: string`
    default:
      if (typeof message.name !== 'string') {
        return violation(`Missing required parameter: '${at}.name'.`, `${at}.name`);
      }
      return content === null || typeof content === 'string'
        ? null
        : violation(
            `Invalid type for '${at}.content': expected a string or null.`,
            `${at}.content`,
          );
  }
}

/** A message's `content`: a string, or an array of the content parts the role allows. */
function checkContent(
  content: unknown,
  at: string,
  partTypes: string[],
  options: { required: boolean },
): Check {
  if (content === undefined || content === null) {
    return options.required ? violation(`Missing required parameter: '${at}'.`, at) : null;
  }
  if (typeof content === 'string') return null;
  if (!Array.isArray(content)) {
    return violation(`Invalid type for '${at}': expected a string or an array of parts.`, at);
  }
  for (const [index, part] of content.entries()) {
    const problem = checkPart(part, `${at}[${index}]`, partTypes);
    if (problem) return problem;
  }
  return null;
}

/** One content part (completions.d.ts `ChatCompletionContentPart*`). */
function checkPart(part: unknown, at: string, partTypes: string[]): Check {
  if (!isObject(part)) return violation(`Invalid type for '${at}': expected an object.`, at);
  if (typeof part.type !== 'string' || !partTypes.includes(part.type)) {
    return violation(
      `Invalid value for '${at}.type': expected one of ${partTypes.map((t) => `'${t}'`).join(', ')}.`,
      `${at}.type`,
    );
  }
  switch (part.type) {
    // `ChatCompletionContentPartText`: `{ type: 'text', text: string }`
    case 'text':
      return typeof part.text === 'string'
        ? null
        : violation(`Missing required parameter: '${at}.text'.`, `${at}.text`);
    // `ChatCompletionContentPartRefusal`: `{ type: 'refusal', refusal: string }`
    case 'refusal':
      return typeof part.refusal === 'string'
        ? null
        : violation(`Missing required parameter: '${at}.refusal'.`, `${at}.refusal`);
    // `ChatCompletionContentPartImage`: `{ type: 'image_url', image_url: { url, detail? } }`
    case 'image_url': {
      const image = part.image_url;
      if (!isObject(image) || typeof image.url !== 'string') {
        return violation(
          `Missing required parameter: '${at}.image_url.url'.`,
          `${at}.image_url.url`,
        );
      }
      if (image.detail !== undefined && !IMAGE_DETAILS.includes(image.detail as string)) {
        return violation(
          `Invalid value for '${at}.image_url.detail': expected one of 'auto', 'low', 'high'.`,
          `${at}.image_url.detail`,
        );
      }
      return null;
    }
    // `ChatCompletionContentPartInputAudio`: `{ input_audio: { data: string, format: 'wav' | 'mp3' } }`
    case 'input_audio': {
      const audio = part.input_audio;
      if (!isObject(audio) || typeof audio.data !== 'string') {
        return violation(
          `Missing required parameter: '${at}.input_audio.data'.`,
          `${at}.input_audio.data`,
        );
      }
      return AUDIO_FORMATS.includes(audio.format as string)
        ? null
        : violation(
            `Invalid value for '${at}.input_audio.format': expected one of 'wav', 'mp3'.`,
            `${at}.input_audio.format`,
          );
    }
    // `ChatCompletionContentPart.File`: `{ type: 'file', file: { file_data?, file_id?, filename? } }`
    default:
      return isObject(part.file)
        ? null
        : violation(`Missing required parameter: '${at}.file'.`, `${at}.file`);
  }
}

/**
 * `response_format?: ResponseFormatText | ResponseFormatJSONSchema | ResponseFormatJSONObject`
 * (completions.d.ts; the three types are in resources/shared.d.ts).
 */
function checkResponseFormat(format: unknown): Check {
  if (!isObject(format)) {
    return violation(`Invalid type for 'response_format': expected an object.`, 'response_format');
  }
  if (format.type === 'text' || format.type === 'json_object') return null;
  if (format.type !== 'json_schema') {
    return violation(
      `Invalid value for 'response_format.type': expected one of 'text', 'json_object', 'json_schema'.`,
      'response_format.type',
    );
  }
  // `ResponseFormatJSONSchema.JSONSchema`: `{ name: string, description?: string,
  // schema?: { [key: string]: unknown }, strict?: boolean | null }`
  const schema = format.json_schema;
  if (!isObject(schema)) {
    return violation(
      `Missing required parameter: 'response_format.json_schema'.`,
      'response_format.json_schema',
    );
  }
  if (typeof schema.name !== 'string' || !SCHEMA_NAME.test(schema.name)) {
    return violation(
      `Invalid 'response_format.json_schema.name': string does not match pattern. ` +
        `Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$' (at most 64 characters).`,
      'response_format.json_schema.name',
    );
  }
  if (schema.description !== undefined && typeof schema.description !== 'string') {
    return violation(
      `Invalid type for 'response_format.json_schema.description': expected a string.`,
      'response_format.json_schema.description',
    );
  }
  if (schema.schema !== undefined && !isObject(schema.schema)) {
    return violation(
      `Invalid type for 'response_format.json_schema.schema': expected an object.`,
      'response_format.json_schema.schema',
    );
  }
  if (schema.strict !== undefined && schema.strict !== null && typeof schema.strict !== 'boolean') {
    return violation(
      `Invalid type for 'response_format.json_schema.strict': expected a boolean.`,
      'response_format.json_schema.strict',
    );
  }
  return null;
}

// --- POST /v1/audio/transcriptions (multipart/form-data) ------------------------------------

/** One part of a multipart/form-data body. */
export interface MultipartPart {
  name: string;
  /** Set for file parts. */
  filename?: string;
  /** The part's body (latin1, so binary survives). */
  value: string;
}

/**
 * Every property of `TranscriptionCreateParamsBase` (resources/audio/transcriptions.d.ts). The
 * SDK's form encoding sends arrays as `name[]` and objects as `name[key]`.
 */
export const TRANSCRIPTION_PARAMS: readonly string[] = [
  'file',
  'model',
  'chunking_strategy',
  'include',
  'known_speaker_names',
  'known_speaker_references',
  'language',
  'prompt',
  'response_format',
  'stream',
  'temperature',
  'timestamp_granularities',
];

/** `AudioResponseFormat` (resources/audio/audio.d.ts). */
const AUDIO_RESPONSE_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt', 'diarized_json'];

/** `TranscriptionCreateParamsBase.timestamp_granularities?: Array<'word' | 'segment'>`. */
const TIMESTAMP_GRANULARITIES = ['word', 'segment'];

/**
 * Models that answer `verbose_json` (and so `timestamp_granularities`). The doc comment of
 * `TranscriptionCreateParamsBase.response_format` says the gpt-4o transcribe models support only
 * `json` (diarize also `text` and `diarized_json`); the real API answers 400 for them.
 */
export const VERBOSE_JSON_MODELS: readonly string[] = ['whisper-1'];

/** Checks a transcription request's multipart parts against `TranscriptionCreateParams`. */
export function checkTranscriptionRequest(
  contentType: string | undefined,
  parts: MultipartPart[] | null,
): Check {
  if (!contentType?.startsWith('multipart/form-data') || parts === null) {
    return violation('The request must be multipart/form-data.', null);
  }
  for (const part of parts) {
    const base = part.name.replace(/\[.*$/, '');
    if (!TRANSCRIPTION_PARAMS.includes(base)) {
      return violation(`Unrecognized request argument supplied: ${part.name}`, null);
    }
  }
  const field = (name: string) => parts.find((part) => part.name === name);
  // `file: Uploadable` — a file part
  const file = field('file');
  if (!file || file.filename === undefined) {
    return violation(`Missing required parameter: 'file'.`, 'file');
  }
  // `model: (string & {}) | AudioModel`
  const model = field('model');
  if (!model || model.filename !== undefined || model.value === '') {
    return violation('you must provide a model parameter', null);
  }
  // `response_format?: AudioResponseFormat`
  const format = field('response_format')?.value ?? 'json';
  if (!AUDIO_RESPONSE_FORMATS.includes(format)) {
    return violation(
      `Invalid value for 'response_format': expected one of ${AUDIO_RESPONSE_FORMATS.map((f) => `'${f}'`).join(', ')}.`,
      'response_format',
    );
  }
  if (format === 'verbose_json' && !VERBOSE_JSON_MODELS.includes(model.value)) {
    return violation(
      `response_format 'verbose_json' is not compatible with model '${model.value}'. ` +
        `Use 'json' or 'text' instead.`,
      'response_format',
    );
  }
  // `timestamp_granularities?: Array<'word' | 'segment'>` — "response_format must be set
  // verbose_json to use timestamp granularities"
  const granularities = parts.filter((part) => part.name === 'timestamp_granularities[]');
  for (const granularity of granularities) {
    if (!TIMESTAMP_GRANULARITIES.includes(granularity.value)) {
      return violation(
        `Invalid value for 'timestamp_granularities': expected 'word' or 'segment'.`,
        'timestamp_granularities',
      );
    }
  }
  if (granularities.length > 0 && format !== 'verbose_json') {
    return violation(
      `timestamp_granularities requires response_format 'verbose_json'.`,
      'timestamp_granularities',
    );
  }
  return null;
}

/** The parts of a multipart/form-data body, or null when it is not one. */
export function parseMultipart(
  contentType: string | undefined,
  body: Buffer,
): MultipartPart[] | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType ?? '');
  if (!boundary) return null;
  const marker = `--${boundary[1] ?? boundary[2]}`;
  const parts: MultipartPart[] = [];
  for (const chunk of body.toString('latin1').split(marker)) {
    const [head, ...rest] = chunk.split('\r\n\r\n');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    parts.push({
      name,
      ...(filename === undefined ? {} : { filename }),
      value: rest.join('\r\n\r\n').replace(/\r\n$/, ''),
    });
  }
  return parts;
}

function violation(message: string, param: string | null): ContractViolation {
  return { message, param };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
