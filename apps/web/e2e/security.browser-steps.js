'use strict';
/* global document */
/**
 * Security steps of the dashboard's browser test: every page loads under the
 * dashboard's Content-Security-Policy and no page of the whole run reports a violation; and the
 * client address the dashboard hands the API is the one it saw, never one a client wrote.
 */
const assert = require('node:assert/strict');

/**
 * From now on, every browser context reports Content-Security-Policy violations of its pages
 * into `state.cspViolations`: Chromium's own console message, and the `securitypolicyviolation`
 * event (an init script: injected by the browser, so the policy does not apply to it).
 */
function watchPolicyViolations(state) {
  state.cspViolations = [];
  const newContext = state.browser.newContext.bind(state.browser);
  state.browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const { effectiveDirective, blockedURI, sample, sourceFile, lineNumber } = event;
        console.error(
          `csp-violation ${JSON.stringify({ effectiveDirective, blockedURI, sample, sourceFile, lineNumber })}`,
        );
      });
    });
    context.on('console', (message) => {
      const text = message.text();
      if (text.startsWith('csp-violation ') || /Content Security Policy/i.test(text)) {
        state.cspViolations.push(`${message.page()?.url() ?? '?'}: ${text}`);
      }
    });
    return context;
  };
}

/** The pages a signed-in user with API access has, and those anyone can open. */
const SIGNED_IN = [
  '/',
  '/api-settings',
  '/credit',
  '/usage',
  '/jobs',
  '/watches',
  '/webhooks',
  '/playground',
];
const PUBLIC = [
  '/sign-in',
  '/reset-password',
  '/reset-password/not-a-real-token-aaaaaaaaaaaaaaaa',
  '/invite/not-a-real-invite-aaaaaaaaaaaaaaaaaaaa',
  '/no-such-page',
];

/** The directives of a policy header, by name. */
function directives(header) {
  return Object.fromEntries(
    header.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/**
 * @param {object} t the dashboard test's helpers: step, state, newPage
 */
function securitySteps({ step, state, newPage }) {
  async function loadUnderPolicy(page, path) {
    const response = await page.goto(path);
    assert.ok(response, `no response for ${path}`);
    const header = response.headers()['content-security-policy'];
    assert.ok(header, `no Content-Security-Policy on ${path}`);
    const policy = directives(header);
    const nonce = policy['script-src'].find((source) => source.startsWith("'nonce-"));
    assert.ok(nonce, `no nonce in script-src on ${path}: ${header}`);
    assert.ok(policy['style-src'].includes(nonce), `styles without the nonce on ${path}`);
    assert.doesNotMatch(header, /unsafe-inline|unsafe-eval/, `${path}: ${header}`);
    assert.deepEqual(policy['img-src'], ["'self'"]);
    assert.deepEqual(policy['frame-ancestors'], ["'none'"]);
    // Hydrated: the page's scripts ran (a blocked script would leave it inert).
    await page.waitForLoadState('load');
    return nonce;
  }

  step(
    'csp-pages',
    'every page loads under a strict Content-Security-Policy with a nonce of its own',
    ['create-key'],
    async () => {
      const nonces = new Set();
      for (const path of SIGNED_IN) nonces.add(await loadUnderPolicy(state.page, path));
      const anonymous = await newPage();
      for (const path of PUBLIC) nonces.add(await loadUnderPolicy(anonymous, path));
      // Control: an inline script without the nonce is blocked, and the watch reports it (both
      // Chromium's console message and the violation event, awaited so neither arrives later).
      const before = state.cspViolations.length;
      const ran = await anonymous.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'document.body.dataset.injected = "ran"';
        document.body.append(script);
        return document.body.dataset.injected ?? 'blocked';
      });
      assert.equal(ran, 'blocked');
      const deadline = Date.now() + 10_000;
      while (state.cspViolations.length < before + 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const reported = state.cspViolations.splice(before);
      assert.ok(
        reported.some((line) => line.includes('csp-violation') && line.includes('script-src')),
        `not reported: ${reported.join('\n')}`,
      );
      await anonymous.context().close();
      assert.equal(nonces.size, SIGNED_IN.length + PUBLIC.length, 'a nonce was reused');
    },
  );

  step(
    'csp-no-violations',
    'no page of the whole run reported a policy violation',
    [],
    async () => {
      assert.deepEqual(state.cspViolations, []);
    },
  );

  // Last: it spends this machine's address's allowance of auth attempts for a minute.
  step(
    'forwarded-for',
    'a client-written X-Forwarded-For does not reach the API: the attempts count as one client',
    [],
    async () => {
      const limit = 20; // AUTH_RATE_LIMIT_PER_MIN's default
      const statuses = [];
      for (let i = 0; i <= limit; i++) {
        const response = await fetch(`${state.stack.webUrl}/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
          body: JSON.stringify({ email: `forged-${i}@example.com`, password: 'not a password' }),
          signal: AbortSignal.timeout(15_000),
        });
        statuses.push(response.status);
        await response.arrayBuffer();
        if (response.status === 429) break;
      }
      assert.equal(statuses.at(-1), 429, `statuses: ${statuses.join(',')}`);
    },
  );
}

module.exports = { securitySteps, watchPolicyViolations };
