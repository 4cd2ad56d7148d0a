'use strict';
/** The size and prices of a load run; `--quick` is the short run CI makes. */
const path = require('node:path');
const { ROOT } = require('../lib/env');

const QUICK = process.argv.includes('--quick');
const DURATION_S = QUICK ? 10 : 50;
const ACCOUNTS = QUICK ? 4 : 8;
const KEYS_PER_ACCOUNT = 2;
const SUBJECTS = 40;
const CREDIT_USD = '1000.00';
const CREDIT_MICROS = 1_000_000_000;
const ASSIST_CONNECTIONS = 16;
const SCAN_CONNECTIONS = 8;
const IDEMPOTENT_SHARE = 0.1;
const PRICE = { assist: 10_000, scanReel: 7_500 };
const MAIN = path.join(ROOT, 'dist', 'apps', 'api', 'main.js');
const CLI = path.join(ROOT, 'dist', 'apps', 'api', 'cli.js');

module.exports = {
  QUICK,
  DURATION_S,
  ACCOUNTS,
  KEYS_PER_ACCOUNT,
  SUBJECTS,
  CREDIT_USD,
  CREDIT_MICROS,
  ASSIST_CONNECTIONS,
  SCAN_CONNECTIONS,
  IDEMPOTENT_SHARE,
  PRICE,
  MAIN,
  CLI,
};
