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
const speedBefore = machineLoopSeconds();
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

recordMachineSpeed(speedBefore, machineLoopSeconds());
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

/**
 * This VM's speed varies by the hour (the same code's figures moved by 2× between runs), so every
 * run also times a fixed piece of work: 3·10⁸ additions in a loop (`node -e`, one core), read
 * before and after the cases; compare figures only between runs whose readings are alike
 * (docs/performance.md).
 */
function machineLoopSeconds() {
  const started = process.hrtime.bigint();
  // The same loop as the readings in docs/performance.md: top-level code in a fresh process.
  spawnSync(process.execPath, ['-e', 'let s = 0; for (let i = 0; i < 3e8; i++) s += i;'], {
    stdio: 'ignore',
  });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function recordMachineSpeed(before, after) {
  const current = fs.existsSync(LATEST)
    ? JSON.parse(fs.readFileSync(LATEST, 'utf8'))
    : { figures: {} };
  const round = (n) => Math.round(n * 100) / 100;
  current.figures.machine_loop_s = {
    value: round(Math.max(before, after)),
    unit: `s for 3·10⁸ additions (before ${round(before)}, after ${round(after)}; good hour 1.4)`,
    goal: '—',
  };
  fs.writeFileSync(LATEST, `${JSON.stringify(current, null, 2)}\n`);
}
