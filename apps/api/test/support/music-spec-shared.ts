import { type INestApplication } from '@nestjs/common';
import request from 'supertest';
import { FIT_WEIGHTS } from '../../src/music/music.scoring';

/** A small pool keeps the cold analyses of this file short; ranking works the same way. */
export const MAX_CANDIDATES = 10;

export const COFFEE_0 = 'https://www.tiktok.com/@brewwithmaya/video/7400000443622845792';
export const COFFEE_0_SHORT_LINK = 'https://vm.tiktok.com/ZMsandbox1/';
export const COFFEE_NETWORK_B = 'https://www.douyin.com/video/7500000375268684554';
export const magicA = (id: string) => `https://www.tiktok.com/@sandbox/video/${id}`;

export const SUGGESTION_FIELDS = [
  'soundId',
  'title',
  'author',
  'coverUrl',
  'previewUrl',
  'tiktokUrl',
  'durationSec',
  'shootDurationSec',
  'vibe',
  'trend',
  'commercial',
  'fit',
  'finalScore',
  'warnings',
].sort();

export interface Suggestion {
  soundId: string;
  title: string | null;
  author: string | null;
  previewUrl: string | null;
  tiktokUrl: string;
  durationSec: number | null;
  shootDurationSec: number | null;
  vibe: { tempoBpm: number | null; energy: number; mood: string };
  trend: { direction: string; strength: number; growth: number | null; usageCount: number | null };
  commercial: {
    inCommercialLibrary: boolean | null;
    clearedForBrandUse: boolean;
    originalSound: boolean | null;
  };
  fit: {
    score: number;
    why: string;
    parts: { tempo: number; energy: number; mood: number; length: number };
  };
  finalScore: number;
  warnings: string[];
}

export function poster(getApp: () => INestApplication) {
  return (key: string, body: unknown, headers: Record<string, string> = {}) => {
    let req = request(getApp().getHttpServer())
      .post('/v1/music')
      .set('Authorization', `Bearer ${key}`);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    return req.send(body as object);
  };
}

/** Fit without its tempo part: what else the sound brings. */
export const restOfFit = (s: Suggestion) =>
  FIT_WEIGHTS.energy * s.fit.parts.energy +
  FIT_WEIGHTS.mood * s.fit.parts.mood +
  FIT_WEIGHTS.length * s.fit.parts.length;
