export function rewriteForwarded(
  headers: Record<string, string | string[] | undefined>,
  peer: string | undefined,
  trustedHops: number,
): void;
export function trustedHopsFrom(raw: string | undefined): number;
