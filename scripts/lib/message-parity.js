'use strict';
/**
 * The dashboard's message files must say the same things in every language: the same keys, no
 * empty text, and the same ICU placeholders (`{name}`, `{count, plural, …}`, rich-text tags such
 * as `<strong>…</strong>`) in each message. Used by scripts/check-messages.js; tested in
 * apps/web/lib/message-parity.spec.ts.
 */

/** Flattens nested messages to `a.b.c` → text; a value that is neither text nor object is kept. */
function flatten(messages, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(messages ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      flatten(value, path, out);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const PLURALS = new Set(['plural', 'select', 'selectordinal']);
const NAME = /[\p{L}\p{N}_-]/u;

/**
 * The placeholders of one ICU message: `arg:<name>` for each argument, `tag:<name>` for each
 * rich-text tag, in a sorted, de-duplicated list. Throws on a message ICU cannot read (unbalanced
 * braces or tags).
 */
function placeholders(message) {
  const found = new Set();
  let i = 0;

  const fail = (why) => {
    throw new Error(`${why} at ${i} in ${JSON.stringify(message)}`);
  };
  const skipSpace = () => {
    while (i < message.length && /\s/.test(message[i])) i += 1;
  };
  const readName = () => {
    const start = i;
    while (i < message.length && NAME.test(message[i])) i += 1;
    return message.slice(start, i);
  };

  /** Text up to `stop` ('}' inside a plural/select option; none at the top level). */
  function text(stop, openTags = []) {
    while (i < message.length) {
      const c = message[i];
      if (c === "'") {
        // ICU quoting: '' is an apostrophe; '{…' / '<…' quotes up to the next apostrophe.
        if (message[i + 1] === "'") i += 2;
        else if ('{}<>#|'.includes(message[i + 1] ?? '')) {
          const end = message.indexOf("'", i + 1);
          i = end === -1 ? message.length : end + 1;
        } else i += 1;
      } else if (c === '{') {
        i += 1;
        argument();
      } else if (c === '}') {
        if (stop !== '}') fail('unexpected }');
        if (openTags.length) fail(`unclosed <${openTags[openTags.length - 1]}>`);
        return;
      } else if (c === '<' && (NAME.test(message[i + 1] ?? '') || message[i + 1] === '/')) {
        const closing = message[i + 1] === '/';
        i += closing ? 2 : 1;
        const name = readName();
        if (message[i] !== '>') fail('unfinished tag');
        i += 1;
        if (closing) {
          if (openTags.pop() !== name) fail(`unexpected </${name}>`);
        } else {
          found.add(`tag:${name}`);
          openTags.push(name);
        }
      } else i += 1;
    }
    if (stop === '}') fail('missing }');
    if (openTags.length) fail(`unclosed <${openTags[openTags.length - 1]}>`);
  }

  /** After `{`: `name}`, `name, type}`, `name, type, style}` or `name, plural|select, options}`. */
  function argument() {
    skipSpace();
    const name = readName();
    if (!name) fail('argument without a name');
    found.add(`arg:${name}`);
    skipSpace();
    if (message[i] === '}') {
      i += 1;
      return;
    }
    if (message[i] !== ',') fail('expected , or }');
    i += 1;
    skipSpace();
    const type = readName();
    skipSpace();
    if (message[i] === '}') {
      i += 1;
      return;
    }
    if (message[i] !== ',') fail('expected , or }');
    i += 1;
    if (!PLURALS.has(type)) {
      // A number, date or time style: skip it (it may hold nested braces in a skeleton).
      let depth = 1;
      while (i < message.length && depth > 0) {
        if (message[i] === '{') depth += 1;
        else if (message[i] === '}') depth -= 1;
        i += 1;
      }
      if (depth > 0) fail('missing }');
      return;
    }
    // Options: `key {text}` pairs (keys such as one, other, =0, offset:1), until the closing }.
    for (;;) {
      skipSpace();
      if (message[i] === '}') {
        i += 1;
        return;
      }
      const start = i;
      while (i < message.length && !/[\s{}]/.test(message[i])) i += 1;
      if (i === start) fail('expected an option');
      skipSpace();
      if (message.slice(start, i).startsWith('offset:')) continue;
      if (message[i] !== '{') fail('expected {');
      i += 1;
      text('}');
      i += 1;
    }
  }

  text(undefined);
  return [...found].sort();
}

/**
 * Every problem between the languages' messages (`{ en: {...}, 'zh-Hans': {...} }`): a key only
 * some have, an empty or non-text value, a message ICU cannot read, or placeholders that differ
 * from the first language's. An empty list: they agree.
 */
function compareMessages(byLocale) {
  const locales = Object.keys(byLocale);
  const flat = new Map(locales.map((locale) => [locale, flatten(byLocale[locale])]));
  const keys = new Set(locales.flatMap((locale) => [...flat.get(locale).keys()]));
  const problems = [];
  for (const key of [...keys].sort()) {
    const missing = locales.filter((locale) => !flat.get(locale).has(key));
    if (missing.length) {
      problems.push({ key, problem: `missing in ${missing.join(', ')}` });
      continue;
    }
    let reference;
    for (const locale of locales) {
      const value = flat.get(locale).get(key);
      if (typeof value !== 'string') {
        problems.push({ key, problem: `${locale}: not a text (${JSON.stringify(value)})` });
        continue;
      }
      if (value.trim() === '') {
        problems.push({ key, problem: `${locale}: empty` });
        continue;
      }
      let found;
      try {
        found = placeholders(value);
      } catch (error) {
        problems.push({ key, problem: `${locale}: ${error.message}` });
        continue;
      }
      if (!reference) reference = { locale, found };
      else if (found.join(' ') !== reference.found.join(' ')) {
        problems.push({
          key,
          problem: `placeholders differ: ${reference.locale} [${reference.found.join(', ')}], ${locale} [${found.join(', ')}]`,
        });
      }
    }
  }
  return problems;
}

module.exports = { compareMessages, flatten, placeholders };
