'use strict';
/** The load run's accounts, test credit and test keys, made with the operator CLI (never SQL). */
const crypto = require('node:crypto');
const { log } = require('./report');
const { ACCOUNTS, CREDIT_USD, KEYS_PER_ACCOUNT } = require('./settings');
const { cli } = require('./stack');

/** Runs `tasks` (functions returning promises) at most `limit` at a time. */
async function inPool(tasks, limit) {
  const out = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

/** `ACCOUNTS` accounts with API access, each with test credit and `KEYS_PER_ACCOUNT` test keys. */
async function makeAccountsAndKeys(cliEnv) {
  const setupStarted = Date.now();
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({
    index: i,
    email: `load-${i}-${crypto.randomBytes(3).toString('hex')}@example.test`,
  }));
  await inPool(
    accounts.map(
      (a) => () =>
        cli(cliEnv, [
          'accounts:create',
          '--email',
          a.email,
          '--password',
          `pw-${crypto.randomBytes(8).toString('hex')}`,
          '--api-access',
        ]),
    ),
    3,
  );
  const keys = (
    await inPool(
      accounts.flatMap((a) => [
        async () => {
          await cli(cliEnv, [
            'credit:add',
            '--email',
            a.email,
            '--usd',
            CREDIT_USD,
            '--mode',
            'test',
            '--reason',
            'load test',
          ]);
          return [];
        },
        ...Array.from({ length: KEYS_PER_ACCOUNT }, (_, k) => async () => {
          const out = (
            await cli(cliEnv, [
              'keys:create',
              '--email',
              a.email,
              '--mode',
              'test',
              '--name',
              `load ${k}`,
            ])
          )
            .trim()
            .split('\n');
          return [{ accountIndex: a.index, key: out[out.length - 1] }];
        }),
      ]),
      3,
    )
  ).flat();
  log(
    `load: ${accounts.length} accounts and ${keys.length} keys made with the CLI in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  return { accounts, keys };
}

module.exports = { makeAccountsAndKeys };
