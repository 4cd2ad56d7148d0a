import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Logger,
  Post,
  Req,
  Res,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createReelscoutClient, createReelscoutMcpServer } from '@reelscout/mcp';
import type { Response } from 'express';
import { ApiKeyGuard } from '../api-keys/api-key.guard';
import { NO_USAGE_RECORD } from '../api-keys/no-usage-record';
import { requestIdOf } from '../common/http/request-id';
import type { CallerRequest } from '../request-context/caller';
import { ApiRateLimitGuard, OperationName } from '../throttling/api-rate-limit.guard';
import { loopbackBaseUrl } from './loopback';

/** playbook and music run for minutes; the MCP client's own time-out is what bounds a call. */
const CALL_TIMEOUT_MS = 10 * 60_000;

/** The bearer token of a request that passed ApiKeyGuard (which read it from this header). */
function bearerKey(req: CallerRequest): string {
  return (req.headers.authorization ?? '').replace(/^\s*bearer\s+/i, '').trim();
}

/**
 * `/mcp`: the MCP streamable HTTP transport, stateless (a new server and transport per POST, no
 * session id). The /v1 guard chain runs first (the same 401 body for a missing or revoked key,
 * 403, x-subject, and a rate ceiling of its own named `mcp`); the tools then call this
 * instance's own /v1 with the caller's key, `x-subject` and `x-request-id`, so billing,
 * idempotency, throttling and usage records are exactly /v1's. Left out of the OpenAPI
 * document: it speaks JSON-RPC (MCP), not REST; see docs/sdk.md.
 */
@Controller('mcp')
@UseGuards(ApiKeyGuard, ApiRateLimitGuard)
@OperationName('mcp')
@SetMetadata(NO_USAGE_RECORD, true)
@ApiExcludeController()
export class McpController {
  private readonly logger = new Logger(McpController.name);

  @Post()
  async post(@Req() req: CallerRequest, @Res() res: Response): Promise<void> {
    const client = createReelscoutClient({
      apiKey: bearerKey(req),
      baseURL: loopbackBaseUrl(req),
      subject: req.caller?.subject ?? undefined,
      // A 429 or 5xx of /v1 is the tool's answer, as it would be to a direct caller.
      maxRetries: 0,
      timeout: CALL_TIMEOUT_MS,
    });
    const requestId = requestIdOf(req);
    const server = createReelscoutMcpServer({
      client,
      requestOptions: () => ({ headers: { 'x-request-id': requestId } }),
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      // The JSON body middleware has already read and checked the body: hand it over parsed.
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      this.logger.error({ err: error, requestId }, 'MCP request failed');
      if (!res.headersSent) {
        res.status(500).json({
          jsonrpc: '2.0',
          error: { code: -32603, message: 'Internal error' },
          id: null,
        });
      }
    }
  }

  /** Stateless: no standalone SSE stream to open and no session to end. */
  @Get()
  @HttpCode(405)
  get(@Res({ passthrough: true }) res: Response) {
    return methodNotAllowed(res);
  }

  @Delete()
  @HttpCode(405)
  delete(@Res({ passthrough: true }) res: Response) {
    return methodNotAllowed(res);
  }
}

function methodNotAllowed(res: Response) {
  res.setHeader('Allow', 'POST');
  return {
    jsonrpc: '2.0',
    error: {
      code: -32000,
      message: 'Method not allowed: this MCP endpoint is stateless; POST only.',
    },
    id: null,
  };
}
