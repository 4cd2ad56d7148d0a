'use strict';
/**
 * `npm test` leaves no trace: `node scripts/trace.js start` (its first step) records
 * `git status --porcelain` and the entries of the temp folder; `node scripts/trace.js check`
 * (its last step) fails, naming them, when the tree's status changed or a new temp entry is
 * still there. Tests build to .build/test and apps/web/.next-test (ignored), write screenshots
 * only under `npm run screenshots`, and remove what they put in the temp folder.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT } = require('./lib/env');

const STATE = path.join(ROOT, 'node_modules', '.cache', 'reelscout-trace.json');

function gitStatus() {
  const result = spawnSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });
  // Not a git checkout (an unpacked tarball): nothing to compare.
  return result.status === 0 ? result.stdout.split('\n').filter(Boolean).sort() : [];
}

const tempEntries = () => fs.readdirSync(os.tmpdir()).sort();

/**
 * The API's own working folder in the temp dir (apps/api/src/providers/http/media-download.ts):
 * downloads live there until their caller deletes them. Files the tests leave in it are leaks;
 * the folder itself, once empty, goes too.
 */
const MEDIA_TEMP = path.join(os.tmpdir(), 'reelscout-media');
const mediaTempFiles = () => (fs.existsSync(MEDIA_TEMP) ? fs.readdirSync(MEDIA_TEMP).sort() : []);

function start() {
  fs.mkdirSync(path.dirname(STATE), { recursive: true });
  fs.writeFileSync(
    STATE,
    JSON.stringify({ status: gitStatus(), temp: tempEntries(), media: mediaTempFiles() }),
  );
}

function check() {
  if (!fs.existsSync(STATE)) {
    console.error('trace: no snapshot (run `node scripts/trace.js start` first)');
    return 1;
  }
  const before = JSON.parse(fs.readFileSync(STATE, 'utf8'));
  fs.rmSync(STATE, { force: true });
  const status = gitStatus();
  const changed = [
    ...status.filter((line) => !before.status.includes(line)).map((line) => `+ ${line}`),
    ...before.status.filter((line) => !status.includes(line)).map((line) => `- ${line}`),
  ];
  const mediaLeft = mediaTempFiles().filter((name) => !before.media.includes(name));
  if (!before.temp.includes('reelscout-media') && mediaLeft.length === 0) {
    fs.rmSync(MEDIA_TEMP, { recursive: true, force: true });
  }
  const known = new Set(before.temp);
  const left = [
    ...tempEntries().filter((name) => !known.has(name)),
    ...mediaLeft.map((name) => path.join('reelscout-media', name)),
  ];
  if (changed.length === 0 && left.length === 0) {
    console.log('trace: the tests left git status and the temp folder as they found them');
    return 0;
  }
  if (changed.length) console.error(`trace: git status changed:\n  ${changed.join('\n  ')}`);
  if (left.length)
    console.error(`trace: new entries left in ${os.tmpdir()}:\n  ${left.join('\n  ')}`);
  return 1;
}

const command = process.argv[2];
if (command === 'start') start();
else if (command === 'check') process.exit(check());
else {
  console.error('usage: node scripts/trace.js start|check');
  process.exit(2);
}
