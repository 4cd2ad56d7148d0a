import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  SandboxMediaRenderer,
  SandboxSoundSpec,
  SandboxVideoSpec,
} from '../../src/sandbox-media/sandbox-media.types';

export interface StubSandboxRenderer extends SandboxMediaRenderer {
  /** Specs rendered so far, in order. */
  readonly videos: SandboxVideoSpec[];
  readonly sounds: SandboxSoundSpec[];
  /** Removes the files written so far (call it in `afterAll`). */
  dispose(): Promise<void>;
}

/**
 * A stand-in for the media module's ffmpeg renderer: writes a small dummy file per spec (its
 * content is the spec as JSON) so provider tests stay fast and need no ffmpeg.
 */
export async function createStubSandboxRenderer(): Promise<StubSandboxRenderer> {
  const dir = await mkdtemp(join(tmpdir(), 'reelscout-stub-media-'));
  const videos: SandboxVideoSpec[] = [];
  const sounds: SandboxSoundSpec[] = [];
  const write = async (name: string, spec: unknown) => {
    const path = join(dir, name);
    await writeFile(path, JSON.stringify(spec));
    return path;
  };
  return {
    videos,
    sounds,
    dispose: () => rm(dir, { recursive: true, force: true }),
    videoFile: async (spec) => {
      videos.push(spec);
      return write(`${spec.key}.mp4`, spec);
    },
    soundFile: async (spec) => {
      sounds.push(spec);
      return write(`${spec.key}.m4a`, spec);
    },
  };
}
