import type { ReactNode } from 'react';

type Tone = 'error' | 'info' | 'success' | 'warning';

/** A message box; errors are announced at once (role=alert), the rest politely (role=status). */
export function Alert({
  tone = 'info',
  title,
  children,
  id,
}: {
  tone?: Tone;
  title?: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <div id={id} className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="alert-title">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
