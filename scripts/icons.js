'use strict';
/**
 * `node scripts/icons.js`: renders the dashboard's icons from their one source,
 * apps/web/app/icon.svg, in Chromium (scripts/lib/chromium.js): apple-icon.png (180 px), public/icon-192.png
 * and icon-512.png (the manifest's), and favicon.ico (16 and 32 px PNGs in an ICO container).
 * Run it after changing the SVG; the outputs are committed.
 */
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { ROOT } = require('./lib/env');
const { launchOptions } = require('./lib/chromium');

const WEB = path.join(ROOT, 'apps', 'web');

/** An ICO file whose images are PNGs (supported by every browser since 2007). */
function ico(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map(({ png }) => png)]);
}

async function main() {
  const svg = fs.readFileSync(path.join(WEB, 'app', 'icon.svg'), 'utf8');
  const browser = await chromium.launch(launchOptions().options);
  const render = async (size) => {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`);
    await page.setContent(`<html><body style="margin:0">${sized}</body></html>`);
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
    return png;
  };
  try {
    fs.writeFileSync(path.join(WEB, 'app', 'apple-icon.png'), await render(180));
    fs.writeFileSync(path.join(WEB, 'public', 'icon-192.png'), await render(192));
    fs.writeFileSync(path.join(WEB, 'public', 'icon-512.png'), await render(512));
    const small = [];
    for (const size of [16, 32]) small.push({ size, png: await render(size) });
    fs.writeFileSync(path.join(WEB, 'app', 'favicon.ico'), ico(small));
  } finally {
    await browser.close();
  }
  console.log(
    'icons written: app/apple-icon.png, app/favicon.ico, public/icon-192.png, public/icon-512.png',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
