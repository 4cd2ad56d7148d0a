import { Reelscout } from '../src/index';

/** A scripted `fetch` standing in for the network, shared by the client's unit specs. */

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

export function scripted(answers: Answer[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: string, init: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    calls.push({ url: input, method: init.method ?? 'GET', headers, body: init.body as string });
    const answer = answers.shift();
    if (!answer) throw new Error('no more scripted answers');
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  }) as unknown as typeof fetch;
  return { calls, fetch: fetchImpl };
}

export const error = (code: string, extra: Record<string, string> = {}) => ({
  error: { code, message: `${code} message`, requestId: 'req_1', ...extra },
});

export const client = (fetchImpl: typeof fetch, options: Record<string, unknown> = {}) =>
  new Reelscout({
    apiKey: 'rs_test_key',
    baseURL: 'http://api.test/',
    fetch: fetchImpl,
    ...options,
  });
