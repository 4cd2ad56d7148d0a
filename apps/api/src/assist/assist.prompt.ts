import type { JsonSchema, LlmPrompt } from '../providers/llm.provider';

/** One earlier turn of the conversation. */
export interface HistoryEntry {
  role: 'user' | 'agent';
  text: string;
}

/** What the assist prompt is written from (and what the sandbox's stand-in answers from). */
export interface AssistIntentInput {
  message: string;
  /** The turns used (the last `ASSIST_HISTORY_USED`), most recent last. */
  history?: HistoryEntry[];
}

/** The answer, as the schema states it (checked again by `validateIntent`). */
export interface AssistIntentAnswer {
  intent: 'scan' | 'chat' | 'refuse';
  reply: string;
  query: string | null;
}

const INTENT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    intent: { type: 'string', enum: ['scan', 'chat', 'refuse'] },
    reply: { type: 'string' },
    query: { type: ['string', 'null'] },
  },
  required: ['intent', 'reply', 'query'],
  additionalProperties: false,
};

const SYSTEM = `You are Reelscout's assistant for short-form video research (network_a: everywhere but mainland China; network_b: mainland China).
Classify the user's latest message:
- "scan": they want to find reels/videos/formats/trends/competitors' content. Write "query": ONE self-contained brief for a reel search that folds in everything relevant from the conversation (niche, product, audience, place, competitors' @handles, language of the brief). "same but for cats" after a dog-food brief becomes a full cat-food brief.
- "chat": conversation, questions about how to use the results, greetings. "query" is null.
- "refuse": out of scope (not about short-form video research) or abusive. Reply briefly and politely. "query" is null.
"reply" is one or two friendly sentences in the user's language. Never claim to have run the search.`;

/** assist's one question: classify the latest message and, for a scan, write the brief. */
export const ASSIST_INTENT_PROMPT: LlmPrompt<AssistIntentInput> = {
  name: 'assist_intent',
  schema: INTENT_SCHEMA,
  system: () => SYSTEM,
  user: ({ message, history = [] }) => {
    const transcript = history
      .map((h) => `${h.role === 'user' ? 'User' : 'Agent'}: ${h.text}`)
      .join('\n');
    return `${transcript ? `Conversation so far:\n${transcript}\n\n` : ''}Latest message:\n${message}`;
  },
};
