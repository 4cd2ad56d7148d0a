import { SandboxLlmProvider } from './sandbox-llm.provider';
import { SandboxLlmRules } from './sandbox-llm.rules';
import { SandboxMediaRegistry } from './sandbox-media-registry';
import { missingInput, stringField, type SandboxLlmRule } from './sandbox-rule';
import { failure } from '../../../test/support/failures';

const accept = <T>(value: unknown) => value as T;

/**
 * A rule of the spec's own: the operations' rules are theirs (their sandbox specs test them),
 * and the sandbox, below the operations, answers whatever rules it is handed.
 */
const ECHO: SandboxLlmRule<{ word: string }, { echo: string; length: number }> = {
  read(input) {
    const word = stringField(input, 'word');
    if (word === undefined) throw missingInput('echo');
    return { word };
  },
  answer: ({ word }) => ({ echo: word.toUpperCase(), length: word.length }),
};

describe('SandboxLlmProvider', () => {
  const rules = new SandboxLlmRules();
  rules.register('echo', ECHO);
  const llm = new SandboxLlmProvider(rules);
  const request = <T>(name: string, input: unknown, validate: (value: unknown) => T = accept) => ({
    name,
    schema: {},
    system: 'ignored by the stand-in',
    user: 'ignored',
    input,
    validate,
  });

  it('answers with the rule registered under the schema name', async () => {
    expect(await llm.structured(request('echo', { word: 'latte' }))).toEqual({
      echo: 'LATTE',
      length: 5,
    });
    expect(rules.names()).toEqual(['echo']);
  });

  it('answers deterministically through validate', async () => {
    const one = await llm.structured(request('echo', { word: 'crema' }));
    const two = await new SandboxLlmProvider(rules).structured(request('echo', { word: 'crema' }));
    expect(two).toEqual(one);
  });

  it('refuses a second rule for a name', () => {
    expect(() => rules.register('echo', ECHO)).toThrow(/already has a rule for the "echo"/);
  });

  it('fails with provider_error for an unknown schema name', async () => {
    expect((await failure(llm.structured(request('write_poem', {})))).code).toBe('provider_error');
  });

  it('fails with provider_error when the caller’s validation rejects the answer', async () => {
    const strict = () => {
      throw new Error('missing field');
    };
    expect((await failure(llm.structured(request('echo', { word: 'hi' }, strict)))).code).toBe(
      'provider_error',
    );
  });

  it('passes on the rule’s refusal of a request without its structured input', async () => {
    const refused = await failure(llm.structured(request('echo', undefined)));
    expect(refused.code).toBe('provider_error');
    expect(refused.message).toMatch(/structured input/);
  });

  it('transcribes sandbox media with the caption track it was rendered with', async () => {
    const registry = new SandboxMediaRegistry();
    registry.remember('/tmp/reelscout-media/x.mp4', [{ start: 0, end: 1, text: 'hello' }]);
    const withRegistry = new SandboxLlmProvider(rules, registry);
    expect(await withRegistry.transcribe('/tmp/reelscout-media/x.mp4')).toEqual([
      { start: 0, end: 1, text: 'hello' },
    ]);
    expect(await withRegistry.transcribe('/tmp/other.mp4')).toEqual([]);
  });
});
