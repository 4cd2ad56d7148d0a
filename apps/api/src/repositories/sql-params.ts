/**
 * The values of one parameterised statement, numbering their placeholders as they are added:
 * `add(x)` returns `$1`, then `$2`, …, so no statement numbers its placeholders by hand. Use the
 * returned placeholder as many times as the value is needed.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
