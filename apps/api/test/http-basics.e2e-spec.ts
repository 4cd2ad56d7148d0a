import { Body, Controller, ForbiddenException, Get, HttpCode, Module, Post } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';

class ItemDto {
  @IsString()
  @MaxLength(10)
  name: string;
}

class EchoDto {
  @IsString()
  @MaxLength(20)
  message: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(20)
  limit?: number;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  @Type(() => ItemDto)
  items?: ItemDto[];
}

const SECRET_IN_BUG = 'password=hunter2 at db.internal:5432';

/** Routes that exist only in this test module, to exercise the shared HTTP behaviour. */
@Controller('test-http')
class HttpProbeController {
  @Post('echo')
  @HttpCode(200)
  echo(@Body() body: EchoDto): EchoDto {
    return body;
  }

  @Get('bug')
  bug(): never {
    throw new Error(SECRET_IN_BUG);
  }

  @Get('forbidden')
  forbidden(): never {
    throw new ForbiddenException();
  }
}

@Module({ controllers: [HttpProbeController] })
class HttpProbeModule {}

describe('HTTP basics (e2e)', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp({ extraImports: [HttpProbeModule] });
    server = t.app.getHttpServer();
  });

  afterAll(async () => {
    await t.close();
  });

  function expectEnvelope(res: request.Response, status: number, code: string) {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({
      error: expect.objectContaining({
        code,
        message: expect.any(String),
        requestId: expect.any(String),
      }),
    });
    expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
    expect(Object.keys(res.body)).toEqual(['error']);
  }

  it('GET /health answers 200 with the database check', async () => {
    const res = await request(server).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: { database: { status: 'ok', latencyMs: expect.any(Number) } },
    });
    expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('the four paid operations are the first routes Express tries (fewest tries per paid call)', () => {
    const express = t.app.getHttpAdapter().getInstance() as {
      router: { stack: { route?: { path: string } }[] };
    };
    // Routes only: not the API reference's pages nor middleware mounted on every path.
    const paths = express.router.stack
      .map((layer) => layer.route?.path)
      .filter(
        (path): path is string =>
          path !== undefined && !/^\/(docs|openapi)/.test(path) && path !== '/{*path}',
      );
    expect(paths.slice(0, 4)).toEqual(['/v1/assist', '/v1/scan', '/v1/playbook', '/v1/music']);
  });

  it('answers an unknown route with a 404 envelope whose requestId matches the header', async () => {
    const res = await request(server).post('/nope').send({});
    expectEnvelope(res, 404, 'not_found');
  });

  it("echoes a caller's sane x-request-id and replaces an unsafe one", async () => {
    const mine = await request(server).get('/health').set('x-request-id', 'client-abc_123.4');
    expect(mine.headers['x-request-id']).toBe('client-abc_123.4');
    const hostile = await request(server).get('/health').set('x-request-id', 'a b<script>');
    expect(hostile.headers['x-request-id']).toMatch(/^req_/);
  });

  it('refuses malformed JSON with 400 invalid_request', async () => {
    const res = await request(server)
      .post('/test-http/echo')
      .set('Content-Type', 'application/json')
      .send('{"message": ');
    expectEnvelope(res, 400, 'invalid_request');
  });

  it('refuses a body over 64 KiB with 413 payload_too_large', async () => {
    const res = await request(server)
      .post('/test-http/echo')
      .send({ message: 'x'.repeat(64 * 1024) });
    expectEnvelope(res, 413, 'payload_too_large');
  });

  it('accepts a body just under the limit as far as size goes', async () => {
    const res = await request(server)
      .post('/test-http/echo')
      .send({ message: 'x'.repeat(60 * 1024) });
    // Too long for the DTO, but it got past the size limit to validation.
    expectEnvelope(res, 400, 'invalid_request');
    expect(res.body.error.param).toBe('message');
  });

  it('refuses a non-JSON POST with 415 unsupported_media_type', async () => {
    const res = await request(server)
      .post('/test-http/echo')
      .set('Content-Type', 'text/plain')
      .send('message=hi');
    expectEnvelope(res, 415, 'unsupported_media_type');
    const form = await request(server).post('/test-http/echo').type('form').send({ message: 'hi' });
    expectEnvelope(form, 415, 'unsupported_media_type');
  });

  it('passes a valid body through validation and transformation', async () => {
    const res = await request(server)
      .post('/test-http/echo')
      .send({ message: 'hello', limit: 5, items: [{ name: 'a' }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'hello', limit: 5, items: [{ name: 'a' }] });
  });

  it.each([
    [{}, 'message'],
    [{ message: 42 }, 'message'],
    [{ message: 'ok', limit: 21 }, 'limit'],
    [{ message: 'ok', limit: '5' }, 'limit'],
    [{ message: 'ok', limit: 2.5 }, 'limit'],
    [{ message: 'ok', extra: true }, 'extra'],
    [{ message: 'ok', items: [{ name: 'a' }, { name: 'way too long name' }] }, 'items[1].name'],
    [{ message: 'ok', items: [{ name: 'a', rogue: 1 }] }, 'items[0].rogue'],
  ])('names the first bad field of %j as param %s', async (body, param) => {
    const res = await request(server).post('/test-http/echo').send(body);
    expectEnvelope(res, 400, 'invalid_request');
    expect(res.body.error.param).toBe(param);
    expect(res.body.error.message).toContain(param);
  });

  it('hides an unexpected exception behind 500 internal_error', async () => {
    const res = await request(server).get('/test-http/bug');
    expectEnvelope(res, 500, 'internal_error');
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(JSON.stringify(res.body)).not.toContain('db.internal');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('maps framework HTTP exceptions onto the stable codes', async () => {
    const res = await request(server).get('/test-http/forbidden');
    expectEnvelope(res, 403, 'forbidden');
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const json = await request(server).get('/openapi.json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toMatch(/^3\./);
    expect(json.body.paths['/health']).toBeDefined();
    expect(json.body.info.description).toContain('insufficient_credit');
    const docs = await request(server).get('/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger');
  });
});
