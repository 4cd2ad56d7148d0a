'use strict';
/**
 * `node scripts/bench-compare.js --a DIR --b DIR [options] CASE...`: runs the named bench cases
 * (as `npm run bench -- CASE`) in two checkouts on this machine, interleaved in one run (A B A B
 * …, N rounds), and prints, for each figure, every reading of each side, their medians and the
 * ratio B ÷ A. This machine's speed drifts by the hour, so two checkouts are only comparable
 * when they take turns like this (docs/performance.md).
 *
 *   --a DIR, --b DIR   the two checkouts (each with its own `npm ci`); each runs its own
 *                      scripts/bench.js, so an old commit runs its own bench code
 *   --rounds N         rounds of A then B (default 3)
 *   --quick            passes --quick to every run (fewer iterations)
 *   --node PATH        the Node binary (or its bin folder) every run uses, Jest and the
 *                      programs it starts included (default: this process's)
 *   --figure NAME      a figure to report (repeatable; default: every figure both sides print)
 *   --json FILE        also writes the readings and the table as JSON
 *
 * Each run's output is kept in memory and printed only when the run fails. A failed run is
 * reported and counted; the comparison goes on with the other rounds, and the exit code is 1.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const USAGE =
  'usage: node scripts/bench-compare.js --a DIR --b DIR [--rounds N] [--quick] [--node PATH]\n' +
  '         [--figure NAME]... [--json FILE] CASE...';

function parseArgs(argv) {
  const options = { rounds: 3, quick: false, figures: [], cases: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--a') options.a = path.resolve(value());
    else if (arg === '--b') options.b = path.resolve(value());
    else if (arg === '--rounds') options.rounds = Number(value());
    else if (arg === '--quick') options.quick = true;
    else if (arg === '--node') options.node = path.resolve(value());
    else if (arg === '--figure') options.figures.push(value());
    else if (arg === '--json') options.json = path.resolve(value());
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else options.cases.push(arg);
  }
  if (options.help) return options;
  if (!options.a || !options.b) throw new Error('--a and --b are required');
  if (!Number.isInteger(options.rounds) || options.rounds < 1) {
    throw new Error('--rounds takes a whole number ≥ 1');
  }
  if (options.cases.length === 0) throw new Error('name at least one bench case (e.g. overhead)');
  for (const dir of [options.a, options.b]) {
    if (!fs.existsSync(path.join(dir, 'scripts', 'bench.js'))) {
      throw new Error(`${dir} has no scripts/bench.js`);
    }
    if (!fs.existsSync(path.join(dir, 'node_modules', '.bin', 'jest'))) {
      throw new Error(`${dir} has no node_modules (run npm ci there)`);
    }
  }
  return options;
}

/** The Node binary to run with: a file, or a folder holding `node`. */
function nodeBinary(given) {
  if (!given) return process.execPath;
  const file = fs.statSync(given).isDirectory() ? path.join(given, 'node') : given;
  if (!fs.existsSync(file)) throw new Error(`no Node binary at ${file}`);
  return file;
}

/** The checkout's commit, marked `+changes` when tracked files differ from it. */
function describe(dir) {
  const git = (args) => spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
  const head = git(['rev-parse', '--short', 'HEAD']);
  if (head.status !== 0) return '(not a git checkout)';
  const changed = git(['status', '--porcelain', '--untracked-files=no']).stdout.trim() !== '';
  return `${head.stdout.trim()}${changed ? '+changes' : ''}`;
}

/** One bench run of `cases` in `dir`: the figures it wrote to bench/latest.json, or null. */
function runOnce(dir, cases, options, node) {
  const latest = path.join(dir, 'bench', 'latest.json');
  fs.rmSync(latest, { force: true });
  const args = [path.join(dir, 'scripts', 'bench.js'), ...(options.quick ? ['--quick'] : [])];
  const result = spawnSync(node, [...args, ...cases], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    // Jest's bin starts with `#!/usr/bin/env node`: the chosen Node must come first on PATH.
    env: { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 || !fs.existsSync(latest)) {
    process.stderr.write(`${output.split('\n').slice(-60).join('\n')}\n`);
    return null;
  }
  const { figures } = JSON.parse(fs.readFileSync(latest, 'utf8'));
  return Object.fromEntries(Object.entries(figures).map(([name, f]) => [name, f.value]));
}

const median = (values) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const format = (n) => (Number.isFinite(n) ? String(Math.round(n * 1000) / 1000) : '—');

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)]
    .join('\n')
    .concat('\n');
}

function main(argv) {
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const node = nodeBinary(options.node);
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const sides = [
    { name: 'A', dir: options.a, rev: describe(options.a), runs: [] },
    { name: 'B', dir: options.b, rev: describe(options.b), runs: [] },
  ];
  process.stdout.write(
    `bench-compare: ${options.cases.join(', ')}${options.quick ? ' (--quick)' : ''}, ` +
      `${options.rounds} round(s) of A then B, Node ${version}\n` +
      sides.map((s) => `  ${s.name} ${s.rev} ${s.dir}\n`).join(''),
  );
  let failed = 0;
  for (let round = 1; round <= options.rounds; round++) {
    for (const side of sides) {
      const started = Date.now();
      const figures = runOnce(side.dir, options.cases, options, node);
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!figures) failed += 1;
      side.runs.push(figures);
      const picked = figures
        ? Object.entries(figures)
            .filter(([name]) => options.figures.length === 0 || options.figures.includes(name))
            .map(([name, value]) => `${name}=${value}`)
            .join(' ')
        : 'FAILED';
      process.stdout.write(`round ${round} ${side.name} (${seconds} s): ${picked}\n`);
    }
  }

  const seen = (side) => side.runs.flatMap((run) => (run ? Object.keys(run) : []));
  const names =
    options.figures.length > 0
      ? options.figures
      : [...new Set([...seen(sides[0]), ...seen(sides[1])])].filter(
          (name) => name !== 'machine_loop_s',
        );
  const values = (side, name) =>
    side.runs.map((run) => run?.[name]).filter((v) => typeof v === 'number');
  const rows = [['figure', 'A readings', 'B readings', 'A median', 'B median', 'B ÷ A']];
  const result = {
    node: version,
    rounds: options.rounds,
    quick: options.quick,
    sides,
    figures: {},
  };
  for (const name of [...names, 'machine_loop_s']) {
    const a = values(sides[0], name);
    const b = values(sides[1], name);
    const ratio = median(b) / median(a);
    result.figures[name] = { a, b, aMedian: median(a), bMedian: median(b), ratio };
    rows.push([
      name,
      a.map(format).join(' '),
      b.map(format).join(' '),
      format(median(a)),
      format(median(b)),
      format(ratio),
    ]);
  }
  process.stdout.write(`\n${table(rows)}`);
  if (failed > 0) process.stdout.write(`${failed} run(s) failed (output above)\n`);
  if (options.json) fs.writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
  return failed > 0 ? 1 : 0;
}

process.exit(main(process.argv.slice(2)));
