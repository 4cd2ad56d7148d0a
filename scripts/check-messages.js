'use strict';
/**
 * `node scripts/check-messages.js` (part of `npm run lint`): the dashboard's message files
 * (apps/web/messages/<locale>.json) must agree: every key in every language, no empty text, the
 * same ICU placeholders and rich-text tags in each message. Exits 1 listing every problem.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./lib/env');
const { compareMessages } = require('./lib/message-parity');

const DIR = path.join(ROOT, 'apps', 'web', 'messages');
// English first: the other languages are compared with it.
const files = fs
  .readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .sort((a, b) => (a === 'en.json' ? -1 : b === 'en.json' ? 1 : a.localeCompare(b)));

const byLocale = {};
for (const file of files) {
  try {
    byLocale[file.slice(0, -'.json'.length)] = JSON.parse(
      fs.readFileSync(path.join(DIR, file), 'utf8'),
    );
  } catch (error) {
    console.error(`check-messages: apps/web/messages/${file} is not valid JSON: ${error.message}`);
    process.exit(1);
  }
}

const problems = compareMessages(byLocale);
if (problems.length) {
  console.error(`check-messages: ${problems.length} problem(s) in apps/web/messages:`);
  for (const { key, problem } of problems) console.error(`  ${key}: ${problem}`);
  process.exit(1);
}
const count = (value) =>
  value && typeof value === 'object' ? Object.values(value).reduce((n, v) => n + count(v), 0) : 1;
console.log(
  `check-messages: ${Object.keys(byLocale).join(', ')} agree (${count(byLocale.en ?? {})} messages each)`,
);
