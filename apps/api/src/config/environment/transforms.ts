/**
 * Reads the raw value (`obj[key]`): with implicit conversion on, `value` has already been through
 * `Boolean(…)`, which makes the string "false" true.
 */
export const toBoolean = ({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
  const value = obj[key];
  return typeof value === 'string'
    ? ['1', 'true', 'yes', 'on'].includes(value.toLowerCase())
    : value;
};

export const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
