import { Injectable } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
import type { SandboxLlmRule } from './sandbox-rule';

/**
 * The rule-based stand-in for the LLM in test mode: the table from each prompt's schema name to
 * its rule. The rules live with their operations (`x.sandbox.ts` beside `x.prompt.ts`), and each
 * operation's module hands its rules in when it is built, so the sandbox, a layer below the
 * operations, never imports them. Unknown names fail with `provider_error`, as a real model would
 * fail a schema it cannot satisfy.
 */
@Injectable()
export class SandboxLlmRules {
  private readonly rules = new Map<string, SandboxLlmRule<unknown, unknown>>();

  /** Adds the rule answering the prompt named `name`; a name has one rule. */
  register<I, O>(name: string, rule: SandboxLlmRule<I, O>): void {
    if (this.rules.has(name)) {
      throw new Error(`the sandbox already has a rule for the "${name}" answer`);
    }
    this.rules.set(name, rule as SandboxLlmRule<unknown, unknown>);
  }

  /** The schema names the stand-in can answer. */
  names(): string[] {
    return [...this.rules.keys()];
  }

  /** The stand-in's answer for a request; `provider_error` for a schema it does not know. */
  answer(name: string, input: unknown, user: string): unknown {
    const rule = this.rules.get(name);
    if (!rule) {
      throw new DomainError(
        'provider_error',
        `The language model (sandbox stand-in) has no rule for the "${name}" answer.`,
      );
    }
    return rule.answer(rule.read(input, user));
  }
}
