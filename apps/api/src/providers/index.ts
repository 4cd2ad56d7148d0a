export * from './provider.types';
export * from './video-data.provider';
export * from './llm.provider';
export * from './providers-settings';
export * from './providers.service';
export * from './providers.module';
export {
  SANDBOX_MAGIC_IDS,
  SANDBOX_MAGIC_PHRASES,
  SANDBOX_SHORT_LINKS,
  SANDBOX_FOREIGN_POSTS,
  SANDBOX_MEDIA_HOST,
} from './sandbox/sandbox-magic';
export {
  SandboxCatalogue,
  sandboxCatalogue,
  type SandboxReel,
  type SandboxSound,
} from './sandbox/sandbox-catalogue';
export { SANDBOX_NICHES } from './sandbox/sandbox-niches';
export { SandboxLlmRules } from './sandbox/sandbox-llm.rules';
export type { SandboxLlmRule } from './sandbox/sandbox-rule';
export { mediaTempDir } from './http/media-download';
export { soundNamespacedId, rawSoundId } from './live/tikhub/mappers';
