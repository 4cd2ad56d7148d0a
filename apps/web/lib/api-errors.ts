import zhHans from '../messages/zh-Hans.json';
import { fillText } from './client-texts';

type ApiErrorTexts = typeof zhHans.errors.api;

/** What the API says about a failure: its envelope's `error` (or a job's `error.error`). */
export interface ApiErrorFields {
  code: string;
  message: string;
  param?: string;
}

export interface ApiErrorText {
  /** For an alert: the whole failure, naming the field when the API named one. */
  message: string;
  /** Beside the field `param` names (the field is already clear there). */
  fieldMessage: string;
}

function textsFor(locale: string): ApiErrorTexts | null {
  return locale === 'zh-Hans' ? zhHans.errors.api : null;
}

/**
 * A failure in the reader's language. English keeps the API's own message (it is more specific:
 * it names the field, the limit, the amount). Simplified Chinese shows the code's text from the
 * message files (`errors.api.codes.<code>`), with the API's `param` when it named one.
 */
export function localizeApiError(locale: string, error: ApiErrorFields): ApiErrorText {
  const texts = textsFor(locale);
  if (!texts) return { message: error.message, fieldMessage: error.message };
  const codes: Record<string, string> = texts.codes;
  const text = Object.prototype.hasOwnProperty.call(codes, error.code)
    ? codes[error.code]
    : fillText(texts.unknownCode, { code: error.code });
  return {
    message: error.param ? fillText(texts.withParam, { message: text, param: error.param }) : text,
    fieldMessage: text,
  };
}
