export interface MessageProblem {
  key: string;
  problem: string;
}

export function flatten(
  messages: unknown,
  prefix?: string,
  out?: Map<string, unknown>,
): Map<string, unknown>;
export function placeholders(message: string): string[];
export function compareMessages(byLocale: Record<string, unknown>): MessageProblem[];
