import type { PreparedStatement } from '@reelscout/database';

/**
 * A prepared statement written with named parameters. Its text is built once, from a function
 * that gets one placeholder per name (`$1`, `$2`, … in the order of `params`); `values` lists a
 * call's arguments in that order, and its type requires every name, so no statement numbers its
 * parameters by hand and no call passes them in the wrong order.
 */
export interface NamedStatement<Name extends string> extends PreparedStatement {
  params: readonly Name[];
  values(args: Readonly<Record<Name, unknown>>): unknown[];
}

export function namedStatement<const Name extends string>(
  name: string,
  params: readonly Name[],
  text: (p: Readonly<Record<Name, string>>) => string,
): NamedStatement<Name> {
  const placeholders = Object.fromEntries(params.map((param, i) => [param, `$${i + 1}`])) as Record<
    Name,
    string
  >;
  return {
    name,
    params,
    text: text(placeholders),
    values: (args) => params.map((param) => args[param]),
  };
}
