import { runProgram } from './support/program';

/**
 * Spend limits in the money path: the figures and how they are measured are in
 * bench/programs/spend-limits.ts, which runs in a process of its own, outside Jest's sandbox.
 */
it('limits_overhead_p99_ms, limits_charged_call_cost_ratio, limits_hot_account_calls_per_s', () => {
  runProgram('bench/programs/spend-limits.ts');
});
