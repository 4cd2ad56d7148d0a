import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { McpController } from './mcp.controller';

/** `/mcp`: the MCP server over streamable HTTP, in front of this instance's own /v1. */
@Module({
  imports: [ApiKeysModule],
  controllers: [McpController],
})
export class McpModule {}
