'use strict';
/**
 * `npm run test:browser`: runs the dashboard's browser test and ends with "N passed, N failed"
 * (and N skipped: steps whose prerequisites failed). Exits non-zero when anything failed.
 *
 *   node apps/web/e2e/run.js
 *
 * Environment: DATABASE_URL (a server to create a throw-away database on; unset: embedded
 * Postgres in a temp dir), E2E_API_PORT (4710), E2E_WEB_PORT (3710), E2E_SKIP_BUILD=1 (use the
 * existing builds), CHROMIUM_PATH (default: Debian's /usr/bin/chromium when installed, else the
 * Chromium inside the @sparticuz/chromium package; scripts/lib/chromium.js).
 */
const path = require('node:path');
const { run } = require('node:test');
const { spec } = require('node:test/reporters');

const file = path.join(__dirname, 'dashboard.browser-test.js');
const counts = { passed: 0, failed: 0, skipped: 0 };

const stream = run({ files: [file], concurrency: 1, timeout: 45 * 60_000 });
stream.on('test:pass', (event) => {
  if (event.details?.type === 'suite') return;
  if (event.skip) counts.skipped += 1;
  else counts.passed += 1;
});
stream.on('test:fail', (event) => {
  if (event.details?.type === 'suite') return;
  counts.failed += 1;
});
const report = stream.compose(spec);
report.pipe(process.stdout);
// After the reporter's last line (its list of failures), so the summary ends the output.
report.on('end', () => {
  const ok = counts.failed === 0 && counts.passed > 0;
  process.stdout.write(
    `\n${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}\n`,
  );
  process.exitCode = ok ? 0 : 1;
});
