import { Injectable } from '@nestjs/common';
import { DomainError, type Mode } from '@reelscout/domain';
import { promptRequest } from '../providers/llm.provider';
import { ProvidersService } from '../providers/providers.service';
import { ASSIST_INTENT_PROMPT } from './assist.prompt';
import {
  ASSIST_HISTORY_USED,
  ASSIST_MESSAGE_MAX,
  type AssistRequestDto,
  type AssistResponseDto,
} from './dto/assist.dto';

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
    const answer = await this.providers
      .for(mode)
      .llm.structured(
        promptRequest(
          ASSIST_INTENT_PROMPT,
          { message: request.message, history },
          { validate: validateIntent },
        ),
        { signal },
      );
    if (!answer) throw new DomainError('provider_error', 'The language model gave no answer.');
    return answer;
  }
}
