import { runCli } from '../../src/cli/cli.runner';

/**
 * A user's first steps with the operator CLI, on the database DATABASE_URL names: an account
 * with API access, `usd` of test credit, and a test key (its last output line). Throws when a
 * command fails, naming it.
 */
export async function cliTestKey(label: string, usd = '5.00'): Promise<string> {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const email = `${label}-${Math.random().toString(36).slice(2)}@example.test`;
  const cli = async (args: string[]) => {
    const code = await runCli(args, io);
    if (code !== 0) throw new Error(`cli ${args[0]} exited ${code}:\n${lines.join('\n')}`);
  };
  await cli([
    'accounts:create',
    '--email',
    email,
    '--password',
    `${label} password`,
    '--api-access',
  ]);
  await cli(['credit:add', '--email', email, '--usd', usd, '--mode', 'test']);
  await cli(['keys:create', '--email', email, '--mode', 'test']);
  const key = lines[lines.length - 1];
  if (!/^rs_test_/.test(key))
    throw new Error(`keys:create printed no test key:\n${lines.join('\n')}`);
  return key;
}
