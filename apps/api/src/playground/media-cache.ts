import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** One file in the cache. */
export interface CachedMedia {
  /** The hash of its key: also its file name, before the extension. */
  id: string;
  path: string;
  /** Lower-case extension without the dot (`jpg`, `mp4`, `m4a`, …): its content type. */
  extension: string;
  bytes: number;
  /** Last read or write (epoch ms): eviction removes the least recently used first. */
  usedAt: number;
}

/** What to evict so that at most `maxBytes` stay: least recently used first, `keep` never. */
export function planEviction(
  entries: readonly Pick<CachedMedia, 'id' | 'bytes' | 'usedAt'>[],
  maxBytes: number,
  keep: ReadonlySet<string> = new Set(),
): string[] {
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const evict: string[] = [];
  const oldestFirst = [...entries].sort((a, b) => a.usedAt - b.usedAt || (a.id < b.id ? -1 : 1));
  for (const entry of oldestFirst) {
    if (total <= maxBytes) break;
    if (keep.has(entry.id)) continue;
    evict.push(entry.id);
    total -= entry.bytes;
  }
  return evict;
}

/** The id (and file name stem) of a cache key: a hash, since keys hold ids from outside. */
export function cacheId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 40);
}

const FILE_NAME = /^([0-9a-f]{40})\.([a-z0-9]{1,5})$/;

/**
 * The playground's media cache (covers, frames, videos, audio previews): files on disk under one
 * directory, no database. Keys are `network/id/kind` strings; a file is named by its key's hash
 * and its extension (which says its content type). Capped at `maxBytes` in all: after each write
 * the least recently used files are removed until the rest fit (a file being streamed stays
 * readable until its stream closes); a file larger than the cap alone stays until the next write.
 *
 * Writes are atomic (a temp file renamed into place), and concurrent requests for one key on this
 * instance share one production (`getOrCreate`). The index is rebuilt from the directory at first
 * use, so a restart keeps what was cached (last use from the files' mtime, which reads refresh).
 */
export class MediaCache {
  private readonly entries = new Map<string, CachedMedia>();
  private readonly producing = new Map<string, Promise<CachedMedia>>();
  private loaded?: Promise<void>;
  private readonly counters = { hits: 0, misses: 0, evictions: 0 };

  /** Absolute (a relative setting is resolved from the working directory, as MEDIA_CACHE_DIR). */
  readonly dir: string;

  constructor(
    dir: string,
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = resolve(dir);
  }

  /** Hits, misses (productions) and evicted files since start; what is held now. */
  stats(): { hits: number; misses: number; evictions: number; bytes: number; files: number } {
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.bytes;
    return { ...this.counters, bytes, files: this.entries.size };
  }

  /** The cached file of `key`, marked as used; null when it is not cached. */
  async get(key: string): Promise<CachedMedia | null> {
    await this.load();
    const id = cacheId(key);
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (!(await exists(entry.path))) {
      this.entries.delete(id);
      return null;
    }
    this.touch(entry);
    return entry;
  }

  /**
   * The cached file of `key`, or else the file `produce` writes (to the temp path it is given;
   * it returns the file's extension), cached. One production per key at a time on this instance.
   */
  async getOrCreate(
    key: string,
    produce: (tempPath: string) => Promise<{ extension: string }>,
  ): Promise<CachedMedia> {
    const cached = await this.get(key);
    if (cached) {
      this.counters.hits += 1;
      return cached;
    }
    const running = this.producing.get(key);
    if (running) {
      this.counters.hits += 1;
      return running;
    }
    const job = (async () => {
      this.counters.misses += 1;
      const temp = await this.tempPath();
      try {
        const { extension } = await produce(temp);
        return await this.adopt(key, temp, extension);
      } finally {
        await rm(temp, { force: true });
      }
    })().finally(() => this.producing.delete(key));
    this.producing.set(key, job);
    return job;
  }

  /** A fresh path inside the cache directory (same file system: `adopt` renames it in). */
  async tempPath(): Promise<string> {
    // The account's media: readable by this service's user only.
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    return join(this.dir, `.${randomUUID()}.part`);
  }

  /**
   * Moves a finished file (on the cache's file system: see `tempPath`) into the cache under
   * `key`, replacing what it held, then evicts the least recently used files over the cap.
   */
  async adopt(key: string, file: string, extension: string): Promise<CachedMedia> {
    await this.load();
    const ext = extension.toLowerCase().replace(/^\./, '');
    if (!/^[a-z0-9]{1,5}$/.test(ext)) throw new Error(`bad cache extension: ${extension}`);
    const id = cacheId(key);
    const previous = this.entries.get(id);
    const path = join(this.dir, `${id}.${ext}`);
    await rename(file, path);
    if (previous && previous.path !== path) await rm(previous.path, { force: true });
    const { size } = await stat(path);
    const entry: CachedMedia = { id, path, extension: ext, bytes: size, usedAt: this.now() };
    this.entries.set(id, entry);
    await this.evict(new Set([id]));
    return entry;
  }

  private async evict(keep: ReadonlySet<string>): Promise<void> {
    for (const id of planEviction([...this.entries.values()], this.maxBytes, keep)) {
      const entry = this.entries.get(id);
      this.entries.delete(id);
      if (entry) {
        this.counters.evictions += 1;
        await rm(entry.path, { force: true });
      }
    }
  }

  private touch(entry: CachedMedia): void {
    entry.usedAt = this.now();
    const at = new Date(entry.usedAt);
    // Keeps the order across a restart; a failure loses only that (the file may just have gone).
    void utimes(entry.path, at, at).catch(() => undefined);
  }

  /** Indexes what the directory holds (once); removes productions that died with their process. */
  private load(): Promise<void> {
    this.loaded ??= (async () => {
      const names = await readdir(this.dir).catch(() => [] as string[]);
      for (const name of names) {
        const path = join(this.dir, name);
        const match = FILE_NAME.exec(name);
        if (!match) {
          if (name.endsWith('.part')) await rm(path, { force: true });
          continue;
        }
        const info = await stat(path).catch(() => null);
        if (!info?.isFile()) continue;
        this.entries.set(match[1], {
          id: match[1],
          path,
          extension: match[2],
          bytes: info.size,
          usedAt: info.mtimeMs,
        });
      }
      await this.evict(new Set());
    })();
    return this.loaded;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
