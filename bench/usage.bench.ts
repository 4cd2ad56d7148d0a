import { runProgram } from './support/program';

/**
 * Usage by API at scale: the figures and how they are measured are in bench/programs/usage.ts,
 * which runs in a process of its own, outside Jest's sandbox.
 */
it('usage_query_growth_ratio, usage_export_rows_per_s, usage_export_kept_bytes_per_row, usage_rollup_call_cost_ratio', () => {
  runProgram('bench/programs/usage.ts');
});
