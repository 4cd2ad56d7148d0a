'use strict';
/**
 * `npm run bench [-- --quick] [-- <case name filter>]`: runs every benchmark case on this
 * machine, each bench file in a Jest process of its own (so a figure such as the peak RSS of one
 * case is not the high-water mark of the cases before it), and prints a table of figures (also
 * written to bench/latest.json). `--quick` shortens every case (fewer iterations) so the whole
 * run stays under 3 minutes.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./lib/env');

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const filters = args.filter((a) => a !== '--quick').map((f) => f.toLowerCase());
const LATEST = path.join(ROOT, 'bench', 'latest.json');

const files = fs
  .readdirSync(path.join(ROOT, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.toLowerCase().includes(f)))
  .sort();
if (files.length === 0) {
  process.stderr.write(`no bench case matches ${filters.join(', ')}\n`);
  process.exit(2);
}

fs.rmSync(LATEST, { force: true });
let failed = 0;
for (const file of files) {
  const result = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'jest'),
    ['--config', 'jest.bench.config.js', '--runInBand', `bench/${file}`],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_QUICK: quick ? '1' : '', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    },
  );
  if (result.status !== 0) failed += 1;
}

printTable();
process.exit(failed === 0 ? 0 : 1);

function printTable() {
  if (!fs.existsSync(LATEST)) return;
  const { figures } = JSON.parse(fs.readFileSync(LATEST, 'utf8'));
  const rows = Object.entries(figures).map(([name, f]) => [name, String(f.value), f.unit, f.goal]);
  const header = ['figure', 'value', 'unit', 'goal'];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  process.stdout.write(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.stdout.write(`\n(bench/latest.json)\n`);
}
