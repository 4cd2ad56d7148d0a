import { DomainError } from '@reelscout/domain';
import { ASSIST_INTENT_SANDBOX } from '../../assist/assist.sandbox';
import { PLAYBOOK_DOCUMENT_SANDBOX } from '../../playbook/playbook.sandbox';
import { SCAN_PLAN_SANDBOX, SCAN_RELEVANCE_SANDBOX } from '../../scan/scan.sandbox';
import type { SandboxLlmRule } from './sandbox-rule';

/**
 * The rule-based stand-in for the LLM in test mode: the one mapping table from each prompt's
 * schema name to its rule, which lives next to the prompt in its operation's folder
 * (`x.sandbox.ts` beside `x.prompt.ts`). Unknown names fail with `provider_error`, as a real
 * model would fail a schema it cannot satisfy.
 */
export const SANDBOX_LLM_RULES = {
  assist_intent: ASSIST_INTENT_SANDBOX,
  scan_plan: SCAN_PLAN_SANDBOX,
  scan_relevance: SCAN_RELEVANCE_SANDBOX,
  playbook_document: PLAYBOOK_DOCUMENT_SANDBOX,
};

export type SandboxSchemaName = keyof typeof SANDBOX_LLM_RULES;

/** What each known schema name expects as `StructuredRequest.input`. */
export type SandboxLlmInputs = {
  [K in SandboxSchemaName]: ReturnType<(typeof SANDBOX_LLM_RULES)[K]['read']>;
};

/** What each rule answers (the operations' schemas describe the same shapes). */
export type SandboxLlmOutputs = {
  [K in SandboxSchemaName]: ReturnType<(typeof SANDBOX_LLM_RULES)[K]['answer']>;
};

export function isSandboxSchemaName(name: string): name is SandboxSchemaName {
  return Object.prototype.hasOwnProperty.call(SANDBOX_LLM_RULES, name);
}

/** The stand-in's answer for a request; `provider_error` for a schema it does not know. */
export function sandboxAnswer(name: string, input: unknown, user: string): unknown {
  if (!isSandboxSchemaName(name)) {
    throw new DomainError(
      'provider_error',
      `The language model (sandbox stand-in) has no rule for the "${name}" answer.`,
    );
  }
  const rule = SANDBOX_LLM_RULES[name] as SandboxLlmRule<unknown, unknown>;
  return rule.answer(rule.read(input, user));
}
