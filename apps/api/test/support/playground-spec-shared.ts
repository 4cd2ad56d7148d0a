import type request from 'supertest';
import { type AccountFixture } from './fixtures';

export const COFFEE_0 = 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792';
export const PHOTO_POST = 'https://www.tiktok.com/@sandbox/video/7000000000000000204';
export const FUNDS = 10_000_000;
export const FINAL = new Set(['succeeded', 'failed', 'canceled']);

export type Agent = ReturnType<typeof request.agent>;

export interface Job {
  id: string;
  operation: string;
  mode: string;
  livemode: boolean;
  status: string;
  result: Record<string, unknown> | null;
  error: { error: { code: string } } | null;
  billing: { held_usd: string; charged_usd: string | null };
}

export interface SignedInAccount {
  account: AccountFixture;
  agent: Agent;
  key: string;
}

export const INPUTS = {
  assist: { message: 'What latte art reels are working right now?' },
  scan: { query: 'latte art at home', limit: 5 },
  playbook: { url: COFFEE_0 },
  music: { url: COFFEE_0, limit: 5 },
} as const;

export const CHARGES = {
  assist: 10_000,
  scan: 37_500,
  playbook: 200_000,
  music: 250_000,
} as const;

/** The JPEG start-of-image marker. */
export const isJpeg = (body: Buffer) =>
  body.length > 100 && body.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));

/** supertest reads binary bodies into a Buffer with this parser. */
export function binary(
  res: request.Response,
  callback: (error: Error | null, body: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
