'use strict';
/**
 * `node scripts/check-links.js` (part of `npm run lint`): every relative link and image in
 * README.md and docs/**.md must resolve: the file or folder exists in the repository, and a
 * `#fragment` names a heading of the target Markdown file (GitHub's anchor rules). External
 * links (http:, https:, mailto:) are not fetched. Exits 1 listing every broken link.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./lib/env');

function markdownFiles() {
  const files = ['README.md'];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) files.push(relative);
    }
  };
  walk('docs');
  return files.sort();
}

/** The text outside fenced code blocks and inline code, where links are links. */
function prose(text) {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  const text = fs.readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1].replace(/`/g, ''));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The targets of Markdown links and images, and of HTML src/href attributes. */
function targetsOf(text) {
  const targets = [];
  for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    targets.push(m[1]);
  for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm))
    targets.push(m[1]);
  for (const m of text.matchAll(/\b(?:src|href)="([^"]+)"/g)) targets.push(m[1]);
  return targets;
}

function check() {
  const broken = [];
  let count = 0;
  for (const file of markdownFiles()) {
    const full = path.join(ROOT, file);
    for (const target of targetsOf(prose(fs.readFileSync(full, 'utf8')))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      count += 1;
      const [rawPath, fragment] = target.split('#');
      const linkPath = decodeURIComponent(rawPath);
      const resolved = linkPath ? path.resolve(path.dirname(full), linkPath) : full;
      if (!resolved.startsWith(ROOT) || !fs.existsSync(resolved)) {
        broken.push(`${file}: ${target} (no such file)`);
        continue;
      }
      if (fragment && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment)) {
        broken.push(
          `${file}: ${target} (no heading #${fragment} in ${path.relative(ROOT, resolved)})`,
        );
      }
    }
  }
  return { broken, count };
}

module.exports = { check, slug, targetsOf, prose };

if (require.main === module) {
  const { broken, count } = check();
  if (broken.length) {
    console.error(`${broken.length} broken relative link(s):\n  ${broken.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`links: ${count} relative links in README.md and docs/ resolve`);
}
