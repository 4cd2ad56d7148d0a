export {
  createReelscoutMcpServer,
  progressPercent,
  toolError,
  type CreateReelscoutMcpServerOptions,
  type ReelscoutMcpClient,
  type RequestOptions,
} from './server';
export {
  TOOL_NAMES,
  renderToolSchemas,
  toJsonSchema,
  toolSchemasFromOpenApi,
  type JsonSchema,
  type ToolName,
  type ToolSchemas,
} from './schemas';
export { TOOL_DESCRIPTIONS, TOOL_TITLES } from './descriptions';
export { createReelscoutClient, type ClientOptions } from './client';
