import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ERROR_STATUS } from '@reelscout/domain';

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

**Requests.** Bodies are JSON (\`Content-Type: application/json\`), at most 64 KiB. Unknown fields are refused
with \`invalid_request\`, so a typo in an optional field never passes silently.
`;

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Reelscout API')
    .setDescription(DESCRIPTION)
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'rs_live_… or rs_test_… key' })
    .build();
  return SwaggerModule.createDocument(app, config);
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
