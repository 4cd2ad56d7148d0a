import { SandboxLlmProvider } from './sandbox-llm.provider';
import { SANDBOX_LLM_RULES, type SandboxLlmOutputs } from './sandbox-llm.rules';
import { SandboxMediaRegistry } from './sandbox-media-registry';
import { failure } from '../../../test/support/failures';

const accept = <T>(value: unknown) => value as T;

describe('SandboxLlmProvider', () => {
  const llm = new SandboxLlmProvider();
  const request = <T>(name: string, input: unknown, validate: (value: unknown) => T = accept) => ({
    name,
    schema: {},
    system: 'ignored by the stand-in',
    user: 'ignored',
    input,
    validate,
  });

  it('keeps every known schema name in one table', () => {
    expect(Object.keys(SANDBOX_LLM_RULES).sort()).toEqual(
      ['assist_intent', 'playbook_document', 'scan_plan', 'scan_relevance'].sort(),
    );
  });

  it('answers deterministically through validate', async () => {
    const one = await llm.structured(
      request<SandboxLlmOutputs['scan_plan']>('scan_plan', {
        query: 'skincare routine',
        market: 'network_a',
      }),
    );
    const two = await new SandboxLlmProvider().structured(
      request<SandboxLlmOutputs['scan_plan']>('scan_plan', {
        query: 'skincare routine',
        market: 'network_a',
      }),
    );
    expect(two).toEqual(one);
  });

  it('fails with provider_error for an unknown schema name', async () => {
    expect((await failure(llm.structured(request('write_poem', {})))).code).toBe('provider_error');
  });

  it('fails with provider_error when the caller’s validation rejects the answer', async () => {
    const strict = () => {
      throw new Error('missing field');
    };
    expect(
      (await failure(llm.structured(request('assist_intent', { message: 'hi' }, strict)))).code,
    ).toBe('provider_error');
  });

  it('needs structured input for relevance', async () => {
    expect((await failure(llm.structured(request('scan_relevance', undefined)))).message).toMatch(
      /structured input/,
    );
  });

  it('transcribes sandbox media with the caption track it was rendered with', async () => {
    const registry = new SandboxMediaRegistry();
    registry.remember('/tmp/reelscout-media/x.mp4', [{ start: 0, end: 1, text: 'hello' }]);
    const withRegistry = new SandboxLlmProvider(registry);
    expect(await withRegistry.transcribe('/tmp/reelscout-media/x.mp4')).toEqual([
      { start: 0, end: 1, text: 'hello' },
    ]);
    expect(await withRegistry.transcribe('/tmp/other.mp4')).toEqual([]);
  });
});
