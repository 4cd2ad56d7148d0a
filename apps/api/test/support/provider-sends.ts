/**
 * When this process sends requests to the provider: each is stamped as the adapter hands it to
 * `fetch`. The limiter governs sends; a fake's arrival stamps would also carry this process's
 * own event-loop delays in reading them (the fake shares the loop), which no client-side
 * limiter can control.
 */
export async function stampingSends<T>(
  providerUrl: string,
  work: () => Promise<T>,
): Promise<{ result: T; sends: number[] }> {
  const sends: number[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(`${providerUrl}/api/`)) sends.push(performance.now());
    return realFetch(input, init);
  };
  try {
    return { result: await work(), sends };
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** The most stamps (ms) within any 1 000 ms window. */
export function busiestSecond(stamps: number[]): number {
  const times = [...stamps].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while (times[end] - times[start] >= 1_000) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
