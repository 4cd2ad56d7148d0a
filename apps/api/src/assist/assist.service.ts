import { Injectable } from '@nestjs/common';
import { DomainError, type Mode } from '@reelscout/domain';
import type { JsonSchema } from '../providers/llm.provider';
import { ProvidersService } from '../providers/providers.service';
import {
  ASSIST_HISTORY_USED,
  ASSIST_MESSAGE_MAX,
  type AssistRequestDto,
  type AssistResponseDto,
} from './dto/assist.dto';

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

/** The model's answer, checked on our side before anyone sees it. */
export function validateIntent(value: unknown): AssistResponseDto {
  const v = value as { intent?: unknown; reply?: unknown; query?: unknown };
  if (!v || typeof v !== 'object') throw new Error('not an object');
  if (v.intent !== 'scan' && v.intent !== 'chat' && v.intent !== 'refuse')
    throw new Error('bad intent');
  if (typeof v.reply !== 'string' || v.reply.trim() === '') throw new Error('reply missing');
  if (v.intent === 'scan') {
    if (typeof v.query !== 'string' || v.query.trim() === '')
      throw new Error('scan without a query');
    return {
      intent: 'scan',
      reply: v.reply.trim(),
      query: v.query.trim().slice(0, ASSIST_MESSAGE_MAX),
    };
  }
  return { intent: v.intent, reply: v.reply.trim() };
}

/** assist: classify one message and, for a scan, write the brief. Calls no video provider. */
@Injectable()
export class AssistService {
  constructor(private readonly providers: ProvidersService) {}

  async run(
    mode: Mode,
    request: AssistRequestDto,
    signal: AbortSignal,
  ): Promise<AssistResponseDto> {
    const history = (request.history ?? []).slice(-ASSIST_HISTORY_USED);
    const transcript = history
      .map((h) => `${h.role === 'user' ? 'User' : 'Agent'}: ${h.text}`)
      .join('\n');
    const answer = await this.providers.for(mode).llm.structured(
      {
        name: 'assist_intent',
        schema: INTENT_SCHEMA,
        system: SYSTEM,
        user: `${transcript ? `Conversation so far:\n${transcript}\n\n` : ''}Latest message:\n${request.message}`,
        validate: validateIntent,
        input: { message: request.message, history },
      },
      { signal },
    );
    if (!answer) throw new DomainError('provider_error', 'The language model gave no answer.');
    return answer;
  }
}
