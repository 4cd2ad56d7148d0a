import { ERROR_CODES } from '@reelscout/domain/errors';
import en from '../messages/en.json';
import zhHans from '../messages/zh-Hans.json';
import { ApiError } from './api';
import { localizeApiError } from './api-errors';
import { toFormErrors } from './form-errors';

const body = (code: string, message: string, param?: string) =>
  ({ error: { code, message, param, requestId: 'req_1' } }) as never;

describe('API error messages in the page language', () => {
  it('has a text for every error code in both languages', () => {
    expect(Object.keys(en.errors.api.codes).sort()).toEqual([...ERROR_CODES].sort());
    expect(Object.keys(zhHans.errors.api.codes).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("keeps the API's own, more specific, message in English", () => {
    const error = {
      code: 'invalid_request',
      message: 'amountUsd must be at least 5.00',
      param: 'amountUsd',
    };
    expect(localizeApiError('en', error)).toEqual({
      message: 'amountUsd must be at least 5.00',
      fieldMessage: 'amountUsd must be at least 5.00',
    });
  });

  it("shows the code's text in zh-Hans, naming the API's param in an alert", () => {
    expect(
      localizeApiError('zh-Hans', { code: 'invalid_request', message: 'x', param: 'amountUsd' }),
    ).toEqual({
      message: '请求无效，请检查填写的内容。（字段：amountUsd）',
      fieldMessage: '请求无效，请检查填写的内容。',
    });
    expect(localizeApiError('zh-Hans', { code: 'not_found', message: 'Key not found.' })).toEqual({
      message: zhHans.errors.api.codes.not_found,
      fieldMessage: zhHans.errors.api.codes.not_found,
    });
    // A code this dashboard does not know yet: named, not hidden.
    expect(localizeApiError('zh-Hans', { code: 'brand_new', message: 'New.' }).message).toBe(
      '请求失败（brand_new）。',
    );
    // Property names of plain objects are not codes.
    expect(localizeApiError('zh-Hans', { code: 'toString', message: 'x' }).message).toBe(
      '请求失败（toString）。',
    );
  });

  it('makes ApiError carry the localized text, the field text and the API message', () => {
    const zh = ApiError.fromBody(
      400,
      body('invalid_request', 'email is taken', 'email'),
      'zh-Hans',
    );
    expect(zh).toMatchObject({
      status: 400,
      code: 'invalid_request',
      param: 'email',
      requestId: 'req_1',
      message: '请求无效，请检查填写的内容。（字段：email）',
      fieldMessage: '请求无效，请检查填写的内容。',
      apiMessage: 'email is taken',
    });
    const english = ApiError.fromBody(402, body('insufficient_credit', 'Balance too low.'), 'en');
    expect(english.message).toBe('Balance too low.');
    expect(english.apiMessage).toBe('Balance too low.');
    // Outside a browser the page language is English.
    expect(ApiError.fromBody(404, body('not_found', 'No such key.')).message).toBe('No such key.');
  });

  it('puts the field text beside the field the API named, the whole text on the form', () => {
    const zh = ApiError.fromBody(
      400,
      body('invalid_request', 'email is taken', 'email'),
      'zh-Hans',
    );
    expect(toFormErrors(zh, ['email', 'password'])).toEqual({
      fields: { email: '请求无效，请检查填写的内容。' },
    });
    expect(toFormErrors(zh, ['password'])).toEqual({
      fields: {},
      form: '请求无效，请检查填写的内容。（字段：email）',
    });
    const english = ApiError.fromBody(
      400,
      body('invalid_request', 'email is taken', 'email'),
      'en',
    );
    expect(toFormErrors(english, ['email'])).toEqual({ fields: { email: 'email is taken' } });
  });

  it('shows a per-account cap on the whole create form, in either language', () => {
    const message =
      'This account already has 16 test-mode webhook endpoints, the most allowed (16); delete one first.';
    const capped = body('resource_limit_reached', message, 'webhook_endpoints');
    expect(toFormErrors(ApiError.fromBody(409, capped, 'en'), ['url', 'events'])).toEqual({
      fields: {},
      form: message,
    });
    const zh = toFormErrors(ApiError.fromBody(409, capped, 'zh-Hans'), ['url', 'events']);
    expect(zh.form).toContain('上限');
    expect(zh.form).toContain('webhook_endpoints');
  });
});
