import type { Market } from '@reelscout/domain';
import type {
  CallOptions,
  Sound,
  SoundChartEntry,
  SoundChartQuery,
  VideoSearchPage,
} from '../../provider.types';
import { asArray, at, firstDefined } from '../json-read';
import { ENDPOINTS } from '../tikhub-endpoints';
import { isNotFoundAnswer, riskControl, SEARCH_PAGE_SIZE, type TikhubClient } from './client';
import {
  extractSounds,
  isRiskControl,
  mapAppMusic,
  mapChartSound,
  payloadOf,
  rawSoundId,
} from './mappers';
import { checkSearch, decodeCursor, readSearchPage } from './search-page';

/** Sounds: detail, charts, search, and the videos that use one. */
export class TikhubSounds {
  constructor(private readonly client: TikhubClient) {}

  async getSound(market: Market, id: string, options: CallOptions = {}): Promise<Sound | null> {
    const endpoint =
      market === 'network_b' ? ENDPOINTS.networkBMusicDetail : ENDPOINTS.networkAMusicDetail;
    return this.client.guard(async () => {
      try {
        const body = await this.client.call(endpoint, {
          query: { music_id: rawSoundId(id) },
          signal: options.signal,
          check: (answer) => {
            if (isRiskControl(market, payloadOf(answer))) throw riskControl();
          },
        });
        const payload = payloadOf(body);
        return mapAppMusic(firstDefined(payload.music_info, payload.music, payload), market);
      } catch (error) {
        if (isNotFoundAnswer(error)) return null;
        throw error;
      }
    });
  }

  async soundCharts(
    market: Market,
    query: SoundChartQuery,
    options: CallOptions = {},
  ): Promise<SoundChartEntry[]> {
    return this.client.guard(async () => {
      let entries: SoundChartEntry[];
      if (market === 'network_a') {
        const body = await this.client.call(ENDPOINTS.networkASoundRank, {
          query: {
            period: 7,
            page: 1,
            limit: 50,
            rank_type: query.kind === 'rising' ? 'surging' : 'popular',
            commercial_music: query.commercialOnly ? true : undefined,
            country_code: this.client.region,
          },
          signal: options.signal,
        });
        const payload = payloadOf(body);
        const list = asArray(
          firstDefined(payload.sound_list, at(payload, 'data', 'sound_list'), payload.list),
        );
        entries = list
          .map((item, index) => mapChartSound(item, index))
          .filter((entry): entry is SoundChartEntry => entry !== null);
      } else {
        const body = await this.client.call(ENDPOINTS.networkBMusicChart, {
          query: { chart_type: query.kind === 'rising' ? 'trending' : 'hot', cursor: 0 },
          signal: options.signal,
          check: (answer) => {
            if (isRiskControl('network_b', payloadOf(answer))) throw riskControl();
          },
        });
        entries = extractSounds(payloadOf(body), 'network_b').map((sound, index) => ({
          ...sound,
          rank: index + 1,
          rankDiff: null,
        }));
      }
      return query.commercialOnly ? entries.filter((entry) => entry.commercial === true) : entries;
    });
  }

  async searchSounds(market: Market, phrase: string, options: CallOptions = {}): Promise<Sound[]> {
    return this.client.guard(async () => {
      const body =
        market === 'network_b'
          ? await this.client.call(ENDPOINTS.networkBMusicSearch, {
              body: { keyword: phrase, cursor: 0 },
              signal: options.signal,
              check: (answer) => {
                if (isRiskControl('network_b', payloadOf(answer))) throw riskControl();
              },
            })
          : await this.client.call(ENDPOINTS.networkAMusicSearch, {
              query: {
                keyword: phrase,
                offset: 0,
                count: SEARCH_PAGE_SIZE,
                region: this.client.region,
              },
              signal: options.signal,
            });
      return extractSounds(payloadOf(body), market);
    });
  }

  async videosUsingSound(
    market: Market,
    soundId: string,
    cursor?: string | null,
    options: CallOptions = {},
  ): Promise<VideoSearchPage> {
    const endpoint =
      market === 'network_b' ? ENDPOINTS.networkBMusicVideos : ENDPOINTS.networkAMusicVideos;
    const page = decodeCursor(cursor);
    return this.client.guard(async () => {
      // network_b: the contract says to keep `count` at its default (10) or the list misbehaves.
      const body = await this.client.call(endpoint, {
        query: {
          music_id: rawSoundId(soundId),
          cursor: Number(page.c) || 0,
          count: market === 'network_b' ? undefined : SEARCH_PAGE_SIZE,
        },
        signal: options.signal,
        check: (answer) => checkSearch(market, answer),
      });
      return readSearchPage(
        market,
        { family: endpoint.family, paging: 'cursor' },
        page,
        payloadOf(body),
      ).page;
    });
  }
}
