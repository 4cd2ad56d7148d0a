'use strict';
const path = require('node:path');
const { DATA_DIR, intFromEnv } = require('./env');
const { startEmbeddedPostgres } = require('./embedded-postgres');

/**
 * DATABASE_URL when set; otherwise the embedded Postgres in `.data/postgres`.
 * Returns the URL and a stop function (a no-op for an external database).
 */
async function ensureDatabase(log) {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => undefined };
  }
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(DATA_DIR, 'postgres'),
    port: intFromEnv('EMBEDDED_POSTGRES_PORT', 54329),
    database: 'reelscout',
    log,
  });
  return { url: pg.url, embedded: true, stop: pg.stop, port: pg.port };
}

module.exports = { ensureDatabase };
