import { OperationCatalog } from '../execution/operation-catalog';
import { SandboxLlmRules } from '../providers/sandbox/sandbox-llm.rules';
import { AssistModule } from './assist.module';
import { ASSIST_INTENT_PROMPT } from './assist.prompt';
import { classifyIntent } from './assist.sandbox';
import type { AssistService } from './assist.service';

describe('sandbox LLM rules: assist_intent, handed to the sandbox', () => {
  it('the assist module registers its rule under the prompt’s name', () => {
    const rules = new SandboxLlmRules();
    new AssistModule(new OperationCatalog({} as never), {} as AssistService, rules);
    expect(rules.names()).toEqual([ASSIST_INTENT_PROMPT.name]);
    expect(rules.answer('assist_intent', { message: 'hi there!' }, '')).toEqual(
      classifyIntent({ message: 'hi there!' }),
    );
  });
});

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
