/**
 * The SDK, taken from its source (`libs/sdk/src`) rather than the `@reelscout/sdk` package: the
 * API bundle (webpack, which leaves every `node_modules` package external, the workspace link
 * included) and the stdio build then compile it in, and neither depends on the SDK's separate
 * `dist/` build having been run.
 */
import { Reelscout, type ClientOptions } from '../../sdk/src';
import type { ReelscoutMcpClient } from './server';

export type { ClientOptions };

/** A Reelscout SDK client, typed as what the MCP server uses of it. */
export function createReelscoutClient(options: ClientOptions): ReelscoutMcpClient {
  return new Reelscout(options) as unknown as ReelscoutMcpClient;
}
