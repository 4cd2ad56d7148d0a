import { OperationCatalog } from '../execution/operation-catalog';
import { SandboxLlmRules } from '../providers/sandbox/sandbox-llm.rules';
import { toSimplified } from '../providers/sandbox/sandbox-text';
import { SCAN_PLAN_PROMPT, SCAN_RELEVANCE_PROMPT } from './scan.prompt';
import { ScanModule } from './scan.module';
import { planScan, SCAN_RELEVANCE_SANDBOX, scoreRelevance } from './scan.sandbox';
import type { ScanService } from './scan.service';

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

describe('sandbox LLM rules: scan, Traditional Chinese briefs', () => {
  it('plans phrases that reach the niche; network_b phrases are Simplified', () => {
    const hant = planScan({ query: '適合新手的護膚步驟', market: 'network_a' });
    expect(hant.phrases.length).toBeGreaterThanOrEqual(3);
    expect(hant.phrases).toContain('skincare');
    const hans = planScan({ query: '幫我找適合新手的護膚步驟', market: 'network_b' });
    expect(hans.phrases[0]).toBe('适合新手 护肤步骤');
    for (const phrase of hans.phrases) expect(toSimplified(phrase)).toBe(phrase);
  });

  it('scores reels as relevant to a Traditional brief', () => {
    const { scores } = scoreRelevance({
      query: '適合新手的護膚步驟',
      reels: [
        { id: 'a', caption: 'Serum, then sunscreen: my skincare routine', hashtags: [] },
        { id: 'b', caption: '新手护肤：先精华，再防晒', hashtags: [] },
        { id: 'c', caption: 'Cold brew you can make tonight', hashtags: ['coffee'] },
      ],
    });
    expect(scores.find((s) => s.id === 'a')!.score).toBeGreaterThanOrEqual(6);
    expect(scores.find((s) => s.id === 'b')!.score).toBeGreaterThanOrEqual(6);
    expect(scores.find((s) => s.id === 'c')!.score).toBeLessThan(6);
  });
});

describe('sandbox LLM rules: scan, handed to the sandbox', () => {
  it('the scan module registers both prompts’ rules under the prompts’ names', () => {
    const rules = new SandboxLlmRules();
    new ScanModule(new OperationCatalog({} as never), {} as ScanService, rules);
    expect(rules.names().sort()).toEqual(
      [SCAN_PLAN_PROMPT.name, SCAN_RELEVANCE_PROMPT.name].sort(),
    );
    expect(rules.answer('scan_plan', { query: 'home coffee', market: 'network_a' }, '')).toEqual(
      planScan({ query: 'home coffee', market: 'network_a' }),
    );
  });

  it('relevance needs the structured input', () => {
    expect(() => SCAN_RELEVANCE_SANDBOX.read(undefined, 'ignored')).toThrow(/structured input/);
  });
});
