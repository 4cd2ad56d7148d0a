import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The compose file as an operator starts it: a secret must come from the operator, never from a
 * default written in the file (a known word there is every install's password). Compose's
 * `${VAR:?message}` refuses to start without the variable; `${VAR:-default}` would not.
 */
const COMPOSE = readFileSync(join(__dirname, '..', '..', '..', '..', 'docker-compose.yml'), 'utf8');

/** Every `${NAME…}` of `name` in the compose file, as written. */
const referencesOf = (name: string) =>
  [...COMPOSE.matchAll(new RegExp(`\\$\\{${name}(?![A-Z_])[^}]*\\}`, 'g'))].map((m) => m[0]);

describe('docker-compose.yml', () => {
  it.each(['POSTGRES_PASSWORD', 'AUTH_SECRET'])(
    '%s is required wherever it is used: no default in the file',
    (name) => {
      const references = referencesOf(name);
      expect(references.length).toBeGreaterThan(0);
      for (const reference of references) {
        expect(reference).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
      }
    },
  );

  it('names no password in any postgres:// URL', () => {
    const urls = [...COMPOSE.matchAll(/postgres(?:ql)?:\/\/[^:@\s]+:(\$\{[^}]*\}|[^@\s]*)@/g)];
    expect(urls.length).toBeGreaterThan(0);
    for (const [, password] of urls) expect(password).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
  });
});
