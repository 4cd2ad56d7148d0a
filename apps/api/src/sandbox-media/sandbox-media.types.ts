/**
 * The contract between the sandbox catalogue (providers module) and the media module, which
 * renders sandbox media with ffmpeg. Specs are plain data: the same spec always renders the
 * same file (cached on disk by a hash of the spec), so the catalogue stays deterministic.
 */

/** A sandbox video: scene cuts at known times, on-screen text, a caption track, an audio bed. */
export interface SandboxVideoSpec {
  /** Stable id used in the cache file name (e.g. the catalogue's namespaced reel id). */
  key: string;
  durationSec: number;
  /** Times (seconds, ascending, each in (0, durationSec)) where a hard cut to a new scene happens. */
  sceneCuts: number[];
  /** On-screen text burned into the frames. */
  overlays: { start: number; end: number; text: string }[];
  /** The spoken/caption track (the transcript); also returned by the provider as captions. */
  captions: { start: number; end: number; text: string }[];
  /** The audio bed under the video. */
  audio: SandboxSoundSpec;
  width?: number; // default 360
  height?: number; // default 640
}

/** A sandbox sound: a beat at a known tempo and energy, with a mood colour. */
export interface SandboxSoundSpec {
  key: string;
  durationSec: number;
  tempoBpm: number;
  /** 0..1: loudness and density of the beat. */
  energy: number;
  /** Major/bright vs minor/dark harmony, for the valence reading. */
  mood: 'bright' | 'dark' | 'calm' | 'tense';
}

/** Renders (or reuses from the disk cache) sandbox media files; returns absolute paths. */
export interface SandboxMediaRenderer {
  videoFile(spec: SandboxVideoSpec): Promise<string>;
  soundFile(spec: SandboxSoundSpec): Promise<string>;
  /** A JPEG cover of the video: a frame of its first scene (absent: covers are not served). */
  coverFile?(spec: SandboxVideoSpec): Promise<string>;
}

export const SANDBOX_MEDIA_RENDERER = Symbol('SANDBOX_MEDIA_RENDERER');
