import type { ReactNode } from 'react';

type Tone = 'live' | 'test' | 'ok' | 'bad' | 'warn' | 'neutral';

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
