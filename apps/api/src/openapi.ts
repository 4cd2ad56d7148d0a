import type { INestApplication } from '@nestjs/common';
import { ApplicationConfig, type ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ERROR_STATUS } from '@reelscout/domain';
import { closeComponentSchemas, toOpenApi31Schemas } from './common/openapi/openapi-31';
import { BEARER_SCHEME, SESSION_SCHEME } from './common/openapi/route-docs';
import { SESSION_COOKIE } from './auth/session';

const ERROR_TABLE = Object.entries(ERROR_STATUS)
  .map(([code, status]) => `| ${status} | \`${code}\` |`)
  .join('\n');

const DESCRIPTION = `
Reelscout finds short-form video formats on two separate networks and turns them into shoot-ready plans.

**Authentication.** Send \`Authorization: Bearer <API_KEY>\` on every \`/v1\` call. Keys are created in the
dashboard, shown once, and stored only as a hash. \`rs_test_\` keys run against the deterministic sandbox and
the test balance; \`rs_live_\` keys use the live providers and the live balance.

**Errors.** Every error has the body \`{"error": {"code", "message", "param"?, "requestId"}}\`; branch on
\`code\`, which is stable. \`param\` names the offending field (\`history[2].text\`, or a header such as
\`x-subject\`). Every response carries \`x-request-id\` (yours is echoed when it is 8–128 characters of
\`[A-Za-z0-9._:-]\`). No error is ever charged.

| status | code |
|---|---|
${ERROR_TABLE}

**Jobs.** Every paid call is a job. By default a call waits for its job and answers its result with
\`x-job-id\`; \`Prefer: respond-async\` answers 202 at once with the job (poll \`GET /v1/jobs/{id}\`, or receive a
webhook); \`Prefer: wait=N\` (1–60) waits up to N seconds before answering 202.

**Webhooks.** When a job ends, each of your webhook endpoints subscribed to the event receives a POST signed per
Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`); see the \`webhooks\` section.

**Requests.** Bodies are JSON (\`Content-Type: application/json\`), at most 64 KiB. Unknown fields are refused
with \`invalid_request\`, so a typo in an optional field never passes silently.
`;

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Reelscout API')
    .setDescription(DESCRIPTION)
    .setVersion('1')
    .setOpenAPIVersion('3.1.0')
    .addServer('/', 'The address serving this document.')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'rs_live_… or rs_test_… (opaque API key)',
        description:
          'An API key from the dashboard, sent as `Authorization: Bearer <key>`: `rs_live_` (live mode) or `rs_test_` (test mode: sandbox and test balance), then 38 base62 characters (32 random, 6 of checksum). Opaque: not a JWT, nothing to decode; shown once at creation and stored only as a hash.',
      },
      BEARER_SCHEME,
    )
    .addCookieAuth(
      SESSION_COOKIE,
      {
        type: 'apiKey',
        in: 'cookie',
        description:
          'The dashboard session (`/auth/*`, `/account/*`), set by sign-in and sign-up. Not for integrations: use an API key on `/v1`.',
      },
      SESSION_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const fixed = closeComponentSchemas(toOpenApi31Schemas(document));
  // Proprietary (package.json: UNLICENSED): a name, and no URL or SPDX identifier to give.
  const info = { ...fixed.info, license: { name: 'Proprietary' } };
  return { ...fixed, info, webhooks: jobWebhooks() } as OpenAPIObject;
}

/**
 * The same document from a module graph that was scanned but not started (Nest's preview mode:
 * the CLI's `openapi` run). The scanner reads only the graph's modules and their controllers,
 * the application's settings (the API sets no global prefix or versioning) and the HTTP
 * platform's name: what an application built from that graph would have given it.
 */
export function buildOpenApiDocumentFromModules(modules: ModulesContainer): OpenAPIObject {
  const scanned = {
    container: { getModules: () => modules },
    config: new ApplicationConfig(),
    getHttpAdapter: () => ({ getType: () => 'express' }),
  };
  return buildOpenApiDocument(scanned as unknown as INestApplication);
}

const WEBHOOK_HEADERS = [
  [
    'webhook-id',
    'The message id (`msg_…`): the same on every retry of one delivery; deduplicate on it.',
  ],
  ['webhook-timestamp', 'Unix seconds when this attempt was signed; refuse ones far from now.'],
  [
    'webhook-signature',
    'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (two during the 24 h after a rotation).',
  ],
] as const;

/** `webhook.job.succeeded` → `webhookJobSucceeded`. */
const camelCase = (dotted: string) =>
  dotted.replace(/[._](\w)/g, (_match, letter: string) => letter.toUpperCase());

/** The events sent to webhook endpoints (OpenAPI 3.1 `webhooks`): one per way a job ends. */
function jobWebhooks(): Record<string, unknown> {
  const events = {
    'job.succeeded':
      "A job succeeded: `data.result` is the operation's 200 body, `data.billing` what it cost.",
    'job.failed':
      'A job failed: `data.error` is the error body the synchronous call would have returned; nothing charged.',
    'job.canceled': 'A job was canceled before it finished; nothing charged.',
  };
  return Object.fromEntries(
    Object.entries(events).map(([type, description]) => [
      type,
      {
        post: {
          operationId: camelCase(`webhook.${type}`),
          summary: type,
          description: `${description} Retried with backoff for about 28 hours until your endpoint answers 2xx within 10 s; redirects are not followed.`,
          tags: ['webhooks'],
          // Sent by us to your endpoint: it authenticates us by the `webhook-signature` header.
          security: [],
          parameters: WEBHOOK_HEADERS.map(([name, text]) => ({
            name,
            in: 'header',
            required: true,
            description: text,
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: {
                    type: { type: 'string', enum: [type] },
                    timestamp: { type: 'string', format: 'date-time' },
                    data: { $ref: '#/components/schemas/JobDto' },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'Any 2xx: delivered. Anything else, or no answer in 10 s: retried.',
            },
          },
        },
      },
    ]),
  );
}

/** `/docs` (Swagger UI) and `/openapi.json`. */
export function mountOpenApi(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'Reelscout API',
  });
}
