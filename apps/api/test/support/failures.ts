import { DomainError } from '@reelscout/domain';

type ErrorClass<E> = abstract new (...args: never[]) => E;

export interface FailureOptions<E> {
  /**
   * The class the rejection must be; a domain error unless said otherwise. `null` takes any
   * rejection: errors Node raises from its own sockets are not instances of the test's `Error`.
   */
  type?: ErrorClass<E> | null;
  /** Text the error message must not carry (a provider's body must not leak into our errors). */
  hides?: string;
}

/**
 * Awaits a promise that must reject and returns what it rejected with, checked against the
 * expected class, so that a test reads `expect((await failure(p)).code)` instead of a try/catch.
 */
export async function failure<E extends Error = DomainError>(
  promise: Promise<unknown>,
  options: FailureOptions<E> = {},
): Promise<E> {
  const type =
    options.type === undefined ? (DomainError as unknown as ErrorClass<E>) : options.type;
  try {
    await promise;
  } catch (error) {
    if (type) expect(error).toBeInstanceOf(type);
    if (options.hides !== undefined) expect((error as E).message).not.toContain(options.hides);
    return error as E;
  }
  throw new Error('expected a rejection');
}
