'use strict';
/**
 * What the SDK and MCP builds share (scripts/sdk.js, scripts/mcp.js): a fingerprint of their
 * inputs, kept beside the output so an unchanged tree builds nothing, and a swap of a build made
 * aside into place, so a build running at the same time never sees half an output folder.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./env');

/** sha256 of the inputs (paths relative to the repository root; spec files left out). */
function fingerprint(inputs) {
  const hash = crypto.createHash('sha256');
  const walk = (relative) => {
    const full = path.join(ROOT, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isFile()) {
      hash.update(relative);
      hash.update(fs.readFileSync(full));
      return;
    }
    for (const name of fs.readdirSync(full).sort()) {
      if (!name.endsWith('.spec.ts')) walk(path.join(relative, name));
    }
  };
  inputs.forEach(walk);
  return hash.digest('hex');
}

/** True when `dist` was built from inputs with this fingerprint. */
function isFresh(dist, print) {
  const stamp = path.join(dist, '.build-fingerprint');
  return fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === print;
}

/**
 * Builds into a fresh folder beside `dist` with `buildInto(staging)`, stamps it with `print`,
 * then swaps it in for `dist`.
 */
function stagedBuild(dist, print, buildInto) {
  fs.mkdirSync(path.dirname(dist), { recursive: true });
  const staging = fs.mkdtempSync(`${dist}-`);
  try {
    buildInto(staging);
    fs.writeFileSync(path.join(staging, '.build-fingerprint'), print);
    const old = `${staging}-old`;
    try {
      fs.renameSync(dist, old);
    } catch {
      // no output yet (or another build moved it)
    }
    try {
      fs.renameSync(staging, dist);
    } catch {
      // another build swapped its own (same sources) in first
    }
    fs.rmSync(old, { recursive: true, force: true });
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

module.exports = { fingerprint, isFresh, stagedBuild };
