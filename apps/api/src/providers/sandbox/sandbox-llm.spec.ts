import { DomainError } from '@reelscout/domain';
import { SandboxLlmProvider } from './sandbox-llm.provider';
import {
  classifyIntent,
  planScan,
  SANDBOX_LLM_RULES,
  scoreRelevance,
  type SandboxLlmOutputs,
} from './sandbox-llm.rules';
import { SandboxMediaRegistry } from './sandbox-media-registry';

const accept = <T>(value: unknown) => value as T;

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a rejection');
}

describe('sandbox LLM rules: assist_intent', () => {
  it.each([
    ['hi there!', 'chat'],
    ['thanks a lot', 'chat'],
    ['你好', 'chat'],
    ['you are a stupid bot', 'refuse'],
    ['write my history essay', 'refuse'],
    ['what is the weather in Paris', 'refuse'],
    ['show me trending reels for my skincare brand', 'scan'],
    ['what are my competitors @glowwithava posting?', 'scan'],
    ['帮我找咖啡的爆款视频', 'scan'],
    ['I sell dog treats', 'scan'],
  ])('%s → %s', (message, intent) => {
    const answer = classifyIntent({ message });
    expect(answer.intent).toBe(intent);
    expect(answer.reply.length).toBeGreaterThan(0);
    expect(answer.query === null).toBe(intent !== 'scan');
  });

  it('folds a follow-up into a self-contained query ("same but for cats")', () => {
    const answer = classifyIntent({
      message: 'same but for cats',
      history: [
        { role: 'user', text: 'find reels for my dog food brand' },
        { role: 'agent', text: 'Got it.' },
      ],
    });
    expect(answer).toMatchObject({ intent: 'scan', query: 'find reels for my cat food brand' });
  });

  it('folds follow-ups on top of each other, and in Chinese', () => {
    const answer = classifyIntent({
      message: 'what about coffee?',
      history: [
        { role: 'user', text: 'show me viral dog videos' },
        { role: 'user', text: 'same but for cats' },
      ],
    });
    expect(answer.query).toBe('show me viral coffee videos');
    const zh = classifyIntent({
      message: '换成猫',
      history: [{ role: 'user', text: '帮我找狗粮品牌的爆款视频' }],
    });
    expect(zh.query).toBe('帮我找猫粮品牌的爆款视频');
    expect(zh.reply).toMatch(/好的/);
  });

  it('reads a follow-up on its own when there is no previous brief', () => {
    expect(classifyIntent({ message: 'same but for cats', history: [] }).intent).toBe('scan');
    expect(classifyIntent({ message: 'and again', history: [] }).intent).toBe('chat');
  });
});

describe('sandbox LLM rules: scan_plan', () => {
  it('plans 3 to 6 phrases in the market language, keeping @handles', () => {
    const plan = planScan({
      query: 'reels like @brewwithmaya for my home coffee brand',
      market: 'network_a',
    });
    expect(plan.phrases.length).toBeGreaterThanOrEqual(3);
    expect(plan.phrases.length).toBeLessThanOrEqual(6);
    expect(plan.phrases).toContain('@brewwithmaya');
    expect(plan.niche).toBe('Home coffee');

    const zh = planScan({ query: 'home coffee brand', market: 'network_b' });
    expect(zh.phrases.some((phrase) => /咖啡/.test(phrase))).toBe(true);
    expect(zh.niche).toBe('居家咖啡');
  });

  it('always gives at least 3 non-empty phrases, even for an unknown topic', () => {
    const plan = planScan({ query: 'underwater basket weaving', market: 'network_a' });
    expect(plan.phrases.length).toBeGreaterThanOrEqual(3);
    expect(plan.phrases.every((phrase) => phrase.trim() !== '')).toBe(true);
  });

  it('keeps magic words in every phrase', () => {
    const plan = planScan({ query: 'coffee sandbox-fail', market: 'network_a' });
    expect(plan.phrases.every((phrase) => phrase.includes('sandbox-fail'))).toBe(true);
  });
});

describe('sandbox LLM rules: scan_relevance', () => {
  it('scores keyword overlap 0–10 with a one-sentence reason', () => {
    const { scores } = scoreRelevance({
      query: 'latte art at home',
      reels: [
        { id: 'a', caption: 'Latte art for total beginners #latteart #homecoffee' },
        { id: 'b', caption: 'Ten minutes, no equipment #fitness' },
        { id: 'c', caption: 'Anything', authorHandle: 'rival', hashtags: [] },
      ],
    });
    const [a, b] = scores;
    expect(a.score).toBeGreaterThan(b.score);
    expect(scores.every((s) => s.score >= 0 && s.score <= 10)).toBe(true);
    expect(a.reason).toMatch(/latte/i);
    expect(b.reason).toBe('Shares no keywords with the brief.');
  });

  it('rates reels by a named competitor highly, and answers in Chinese for Chinese briefs', () => {
    const { scores } = scoreRelevance({
      query: '像 @kafei_xiaoli 那样的咖啡视频',
      reels: [
        { id: 'x', caption: '别再花冤枉钱买拿铁了 #居家咖啡', authorHandle: 'kafei_xiaoli' },
        { id: 'y', caption: '十分钟无器械燃脂 #健身' },
      ],
    });
    expect(scores[0].score).toBeGreaterThanOrEqual(8);
    expect(scores[1].score).toBeLessThan(5);
    expect(scores[0].reason).toMatch(/账号|提到/);
  });
});

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
