import { rm } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { DomainError, type Mode, type VideoRef } from '@reelscout/domain';
import { MarketsService } from '../link-resolution/markets.service';
import { FfmpegRunner } from '../media-analysis/ffmpeg.runner';
import type { Post } from '../providers/provider.types';
import { ProvidersService } from '../providers/providers.service';

export interface SourceVideo {
  ref: VideoRef;
  /** The post, with a video (`kind: 'video'` and a media URL). */
  post: Post;
}

/**
 * The front half of playbook and music: a pasted link → the video post it names, and the video
 * file itself. Unsupported link → 400 (`param: "url"`); a valid link to a missing post, or to a
 * post without a video → 404 `not_found`. Downloads are size-capped temp files, always removed.
 */
@Injectable()
export class VideoSourceService {
  constructor(
    private readonly markets: MarketsService,
    private readonly providers: ProvidersService,
    private readonly ffmpeg: FfmpegRunner,
  ) {}

  async find(mode: Mode, url: unknown, signal: AbortSignal): Promise<SourceVideo> {
    const providers = this.providers.for(mode);
    const ref = await this.markets.resolveVideo(url, providers.shortLinks, { signal });
    const post = await providers.videoData.getPost(
      { platform: ref.platform, id: ref.id },
      { signal },
    );
    if (!post)
      throw new DomainError('not_found', 'That post does not exist any more, or it is private.');
    if (post.kind !== 'video' || !post.mediaUrl) {
      throw new DomainError(
        'not_found',
        `That post is a ${post.kind === 'video' ? 'post without a playable video' : `${post.kind} post`}, which has no video.`,
      );
    }
    return { ref, post };
  }

  /** Runs `work` on the downloaded video file; the file is removed afterwards, whatever happens. */
  async withVideoFile<T>(
    mode: Mode,
    post: Post,
    signal: AbortSignal,
    work: (path: string) => Promise<T>,
  ): Promise<T> {
    const path = await this.providers.for(mode).videoData.downloadMedia(
      post.mediaUrl!,
      {
        maxBytes: this.ffmpeg.settings.maxDownloadBytes,
        kind: 'video',
        cookie: post.mediaCookie ?? null,
      },
      { signal },
    );
    try {
      return await work(path);
    } finally {
      await rm(path, { force: true });
    }
  }
}
