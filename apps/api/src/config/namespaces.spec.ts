import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import type { ConfigType } from '@nestjs/config';
import { configModule } from './config.module';
import { Environment, validateEnvironment } from './environment';
import {
  appConfig,
  CONFIG_NAMESPACES,
  jobsConfig,
  providersConfig,
  webhooksConfig,
} from './namespaces';

const base = { DATABASE_URL: 'postgres://127.0.0.1/unused' };

async function namespacesOf(module: ReturnType<typeof configModule>) {
  const ref = await Test.createTestingModule({ imports: [module] }).compile();
  const read = {
    app: ref.get<ConfigType<typeof appConfig>>(appConfig.KEY),
    jobs: ref.get<ConfigType<typeof jobsConfig>>(jobsConfig.KEY),
    webhooks: ref.get<ConfigType<typeof webhooksConfig>>(webhooksConfig.KEY),
    providers: ref.get<ConfigType<typeof providersConfig>>(providersConfig.KEY),
  };
  await ref.close();
  return read;
}

describe('configuration namespaces', () => {
  it('are injected by their key, typed, from the validated values', async () => {
    const { app, jobs, webhooks, providers } = await namespacesOf(
      configModule({
        environment: {
          ...base,
          API_PORT: '4100',
          JOBS_WORKER: 'false',
          SCAN_DEADLINE_MS: '1500',
          VIDEO_PROVIDER_REGION: ' gb ',
          AUTH_SECRET: 'a'.repeat(32),
        },
      }),
    );
    expect(app.apiPort).toBe(4100);
    expect(jobs.worker).toBe(false);
    expect(jobs.deadlinesMs.SCAN_DEADLINE_MS).toBe(1500);
    expect(jobs.deadlinesMs.ASSIST_DEADLINE_MS).toBe(30_000);
    expect(webhooks).toMatchObject({ worker: false, authSecret: 'a'.repeat(32) });
    expect(providers.videoProvider.region).toBe('GB');
  });

  it('refuse to build from an invalid environment, listing the problem', () => {
    expect(() => configModule({ environment: { ...base, JOBS_CONCURRENCY: '0' } })).toThrow(
      /Invalid configuration:\n {2}- JOBS_CONCURRENCY/,
    );
  });

  it('each app keeps the environment it was registered with', async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, base, { API_PORT: '4201' });
      const first = configModule();
      process.env.API_PORT = '4202';
      const second = configModule();
      expect((await namespacesOf(second)).app.apiPort).toBe(4202);
      expect((await namespacesOf(first)).app.apiPort).toBe(4201);
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });

  it('together read every validated setting', () => {
    const env = validateEnvironment(base);
    const read = new Set<PropertyKey>();
    const watched = new Proxy(env, {
      get: (target, key) => (read.add(key), Reflect.get(target, key)),
    });
    for (const namespace of CONFIG_NAMESPACES) namespace.from(watched);
    const settings = Object.keys(new Environment());
    expect(settings.length).toBeGreaterThan(70);
    expect(settings.filter((name) => !read.has(name))).toEqual([]);
  });
});
