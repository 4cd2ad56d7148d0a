import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** A database of its own for one test file, cloned from the run's migrated template. */
export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run e2e tests through jest.e2e.config.js`);
  return value;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = required('TEST_ADMIN_DATABASE_URL');
  const template = required('TEST_TEMPLATE_DATABASE');
  const name = `${template}_f${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Concurrent clones of one template can collide briefly; retry a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        const busy = /being accessed by other users/.test((error as Error).message);
        if (!busy || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
