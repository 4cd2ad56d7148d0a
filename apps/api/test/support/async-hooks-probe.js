'use strict';
/**
 * Preloaded into a built API (`node --require`) by async-hooks.e2e-spec.ts. On SIGWINCH (a
 * signal nothing else in the API listens to; Nest's shutdown hooks take SIGUSR2) it writes
 * one line to stderr: the symbols a promise made at that moment carries. Node adds
 * `Symbol(async_id_symbol)` and its kin to every promise once async hooks are on (any
 * AsyncLocalStorage in use, or an enabled `async_hooks.createHook`), and none otherwise. The probe
 * uses no store itself: once on, the hooks stay on for the life of the process.
 */
process.on('SIGWINCH', () => {
  const symbols = Object.getOwnPropertySymbols(Promise.resolve()).map(String);
  process.stderr.write(`async-hooks-probe ${JSON.stringify(symbols)}\n`);
});
