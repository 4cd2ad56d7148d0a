import { DomainError } from '@reelscout/domain';
import { EgressRefusedError } from '../egress';
import { type RedirectProbe, type RedirectTransport } from './redirect-transport';
import { MAX_REDIRECT_HOPS, SafeRedirectFollower } from './safe-redirect-follower';

const VIDEO = 'https://www.tiktok.com/@scout2015/video/6718335390845095173?_r=1';

/** Answers from a table keyed by URL and records every URL requested. */
class FakeTransport implements RedirectTransport {
  readonly requested: string[] = [];

  constructor(private readonly answers: Record<string, RedirectProbe | Error>) {}

  async probe(url: URL): Promise<RedirectProbe> {
    this.requested.push(url.toString());
    const answer = this.answers[url.toString()];
    if (answer === undefined) throw new Error(`unexpected request to ${url.toString()}`);
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

const redirect = (location: string, status = 301): RedirectProbe => ({ status, location });

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a rejection');
}

describe('SafeRedirectFollower', () => {
  it('returns the video URL a short link redirects to, after one request', async () => {
    const transport = new FakeTransport({ 'https://vm.tiktok.com/ZMeAbCd12/': redirect(VIDEO) });
    await expect(
      new SafeRedirectFollower(transport).resolve('https://vm.tiktok.com/ZMeAbCd12/'),
    ).resolves.toBe(VIDEO);
    expect(transport.requested).toEqual(['https://vm.tiktok.com/ZMeAbCd12/']);
  });

  it('follows a relative redirect to another short link, counting it as a hop', async () => {
    const transport = new FakeTransport({
      'https://v.douyin.com/iRNBho6u/': redirect('/iRNBho7v/', 302),
      'https://v.douyin.com/iRNBho7v/': redirect(
        'https://www.iesdouyin.com/share/video/7301234567890123456/?region=CN',
        302,
      ),
    });
    await expect(
      new SafeRedirectFollower(transport).resolve('https://v.douyin.com/iRNBho6u/'),
    ).resolves.toBe('https://www.iesdouyin.com/share/video/7301234567890123456/?region=CN');
    expect(transport.requested).toHaveLength(2);
  });

  it(`stops after ${MAX_REDIRECT_HOPS} requests`, async () => {
    const transport = new FakeTransport({
      'https://vm.tiktok.com/AAAA1/': redirect('https://vm.tiktok.com/AAAA2/'),
      'https://vm.tiktok.com/AAAA2/': redirect('https://vm.tiktok.com/AAAA3/'),
      'https://vm.tiktok.com/AAAA3/': redirect('https://vm.tiktok.com/AAAA4/'),
      'https://vm.tiktok.com/AAAA4/': redirect(VIDEO),
    });
    const error = await failure(
      new SafeRedirectFollower(transport).resolve('https://vm.tiktok.com/AAAA1/'),
    );
    expect(error.code).toBe('invalid_request');
    expect(error.param).toBe('url');
    expect(transport.requested).toHaveLength(MAX_REDIRECT_HOPS);
  });

  it.each([
    ['a host outside the allowlist', 'https://evil.example/next'],
    ['a loopback address', 'https://127.0.0.1/admin'],
    ['a decimal loopback address', 'https://2130706433/'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['plain http on an allowlisted host', 'http://www.douyin.com/user/abc'],
    ['userinfo on an allowlisted host', 'https://user@www.douyin.com/user/abc'],
    ['a non-default port', 'https://www.douyin.com:8443/user/abc'],
    ['a non-http scheme', 'file:///etc/passwd'],
  ])('returns a redirect to %s without requesting it', async (_case, location) => {
    const transport = new FakeTransport({
      'https://v.douyin.com/iRNBho6u/': redirect(location, 302),
    });
    const final = await new SafeRedirectFollower(transport).resolve(
      'https://v.douyin.com/iRNBho6u/',
    );
    expect(final).toBe(new URL(location).toString());
    expect(transport.requested).toEqual(['https://v.douyin.com/iRNBho6u/']);
  });

  it('requests an allowlisted https page that is not yet a video, and returns it when it does not redirect', async () => {
    const transport = new FakeTransport({
      'https://v.douyin.com/iRNBho6u/': redirect('https://www.douyin.com/user/MS4wLjABAAAA', 302),
      'https://www.douyin.com/user/MS4wLjABAAAA': { status: 200 },
    });
    await expect(
      new SafeRedirectFollower(transport).resolve('https://v.douyin.com/iRNBho6u/'),
    ).resolves.toBe('https://www.douyin.com/user/MS4wLjABAAAA');
    expect(transport.requested).toHaveLength(2);
  });

  it.each([
    ['http', 'http://vm.tiktok.com/ZMeAbCd12/'],
    ['a foreign host', 'https://evil.example/ZMeAbCd12/'],
    ['a loopback address', 'https://127.0.0.1/ZMeAbCd12/'],
    ['not a URL', 'vm.tiktok.com/ZMeAbCd12/'],
  ])('refuses to start from %s', async (_case, start) => {
    const transport = new FakeTransport({});
    const error = await failure(new SafeRedirectFollower(transport).resolve(start));
    expect(error.code).toBe('invalid_request');
    expect(transport.requested).toEqual([]);
  });

  it('answers 404 when the short link is gone', async () => {
    const transport = new FakeTransport({ 'https://vm.tiktok.com/ZMgone1/': { status: 404 } });
    const error = await failure(
      new SafeRedirectFollower(transport).resolve('https://vm.tiktok.com/ZMgone1/'),
    );
    expect(error.code).toBe('not_found');
  });

  it.each([
    ['a server error', { status: 503 }],
    ['a redirect without location', { status: 302 }],
    ['a redirect to an unparsable location', { status: 302, location: 'https://[not-an-ip/' }],
  ])('answers provider_error on %s', async (_case, probe) => {
    const transport = new FakeTransport({ 'https://vm.tiktok.com/ZMeAbCd12/': probe });
    const error = await failure(
      new SafeRedirectFollower(transport).resolve('https://vm.tiktok.com/ZMeAbCd12/'),
    );
    expect(error.code).toBe('provider_error');
  });

  it('answers 400 on url, keeping the cause, when the guard refuses the address', async () => {
    const blocked = new EgressRefusedError(
      'vm.tiktok.com',
      'it resolves to 127.0.0.1 (loopback)',
      '127.0.0.1',
    );
    const transport = new FakeTransport({ 'https://vm.tiktok.com/ZMeAbCd12/': blocked });
    const error = await failure(
      new SafeRedirectFollower(transport).resolve('https://vm.tiktok.com/ZMeAbCd12/'),
    );
    expect(error.code).toBe('invalid_request');
    expect(error.param).toBe('url');
    expect(error.cause).toBe(blocked);
    expect(error.message).not.toContain('127.0.0.1');
  });
});

describe('SafeRedirectFollower under a deadline', () => {
  it('passes the signal to each request and answers timeout when it fires', async () => {
    const controller = new AbortController();
    const seen: (AbortSignal | undefined)[] = [];
    const transport: RedirectTransport = {
      probe: (_url, options) => {
        seen.push(options?.signal);
        return new Promise((_, reject) => {
          options?.signal?.addEventListener('abort', () => reject(new Error('aborted')), {
            once: true,
          });
        });
      },
    };
    const pending = new SafeRedirectFollower(transport).resolve(
      'https://vm.tiktok.com/ZMeAbCd12/',
      { signal: controller.signal },
    );
    controller.abort();
    expect((await failure(pending)).code).toBe('timeout');
    expect(seen).toEqual([controller.signal]);
  });

  it('makes no request once the deadline has passed', async () => {
    const transport = new FakeTransport({});
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      new SafeRedirectFollower(transport).resolve('https://vm.tiktok.com/ZMeAbCd12/', {
        signal: controller.signal,
      }),
    );
    expect(error.code).toBe('timeout');
    expect(transport.requested).toEqual([]);
  });
});
