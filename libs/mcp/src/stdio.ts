/**
 * `npm run mcp`: the MCP server on stdio. The key comes from `REELSCOUT_API_KEY`, the API's
 * address from `REELSCOUT_BASE_URL` (default: where `npm start` serves it). Nothing but the
 * protocol is written to stdout; diagnostics go to stderr.
 */
import { createReelscoutClient } from './client';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createReelscoutMcpServer } from './server';

/** Where `npm start` serves the API (`API_PORT`, 4000 by default). */
export function defaultBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return `http://127.0.0.1:${env.API_PORT || '4000'}`;
}

export async function runStdioServer(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const apiKey = env.REELSCOUT_API_KEY ?? '';
  if (!apiKey) {
    process.stderr.write(
      'reelscout-mcp: REELSCOUT_API_KEY is not set; every tool call will answer 401 unauthorized.\n',
    );
  }
  const client = createReelscoutClient({
    apiKey,
    baseURL: env.REELSCOUT_BASE_URL || defaultBaseUrl(env),
    // playbook and music take minutes; a job's polls are short.
    timeout: Number(env.REELSCOUT_TIMEOUT_MS) || 10 * 60_000,
    ...(env.REELSCOUT_SUBJECT ? { subject: env.REELSCOUT_SUBJECT } : {}),
  });
  const server = createReelscoutMcpServer({ client });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  const close = () => {
    void server.close().finally(() => process.exit(0));
  };
  process.stdin.once('end', close);
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}
