'use strict';
/** The run's output: one PASS or FAIL line per check, then `N passed, N failed`. */

const log = (line) => process.stdout.write(`${line}\n`);

const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok });
  log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
}

/** Prints the tally and sets the exit code: non-zero on any failure, or when nothing was checked. */
function finish() {
  const failed = results.filter((r) => !r.ok).length;
  log(`\n${results.length - failed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || results.length === 0 ? 1 : 0;
}

module.exports = { log, check, finish };
