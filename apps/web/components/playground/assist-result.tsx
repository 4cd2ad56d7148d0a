'use client';

import { useTranslations } from 'next-intl';
import { HISTORY_USED } from '../../lib/playground';
import type { AssistResult } from '../../lib/playground-types';
import { Badge } from '../ui/badge';

/** One turn of the playground's assist conversation; agent turns carry assist's decision. */
export type ChatTurn =
  | { role: 'user'; text: string }
  | { role: 'agent'; text: string; result: AssistResult; jobId: string };

const INTENT_TONE = { scan: 'ok', chat: 'neutral', refuse: 'bad' } as const;

/** The conversation so far: each message, each reply with its decision and any query written. */
export function AssistTranscript({
  turns,
  onRunScan,
  onNewConversation,
  busy,
}: {
  turns: ChatTurn[];
  onRunScan: (query: string) => void;
  onNewConversation: () => void;
  busy: boolean;
}) {
  const t = useTranslations('playground');
  if (turns.length === 0) return <p className="muted">{t('assist.empty')}</p>;
  const lastAgent = turns.findLastIndex((turn) => turn.role === 'agent');
  return (
    <>
      <ol className="pg-chat" aria-label={t('assist.transcriptLabel')} data-testid="pg-chat">
        {turns.map((turn, i) => (
          <li
            key={i}
            className={`pg-bubble pg-bubble-${turn.role}`}
            data-role={turn.role}
            data-intent={turn.role === 'agent' ? turn.result.intent : undefined}
          >
            <p className="pg-bubble-who">
              {turn.role === 'user' ? t('assist.you') : t('assist.agent')}
              {turn.role === 'agent' ? (
                <>
                  {' '}
                  <span className="sr-only">
                    {t('labelled', { label: t('assist.decision'), value: '' })}
                  </span>
                  <Badge tone={INTENT_TONE[turn.result.intent]}>
                    {t(`assist.intents.${turn.result.intent}`)}
                  </Badge>
                </>
              ) : null}
            </p>
            <p className="pg-bubble-text">{turn.text}</p>
            {turn.role === 'agent' && turn.result.intent === 'scan' && turn.result.query ? (
              <div className="pg-query">
                <p className="small muted">{t('assist.queryLabel')}</p>
                <p>
                  <code data-testid="pg-assist-query">{turn.result.query}</code>
                </p>
                {i === lastAgent ? (
                  <button
                    type="button"
                    className="button small"
                    disabled={busy}
                    onClick={() => onRunScan(turn.result.query ?? '')}
                  >
                    {t('assist.runScan')}
                  </button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <p className="pg-chat-actions">
        <span className="small muted">
          {t('assist.historyNote', { count: Math.min(turns.length, HISTORY_USED) })}
        </span>{' '}
        <button type="button" className="button secondary small" onClick={onNewConversation}>
          {t('assist.newConversation')}
        </button>
      </p>
    </>
  );
}
