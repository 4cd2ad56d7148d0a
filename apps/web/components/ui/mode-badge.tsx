import type { Mode } from '@reelscout/domain/modes';
import { Badge } from './badge';

export function ModeBadge({ mode }: { mode: Mode }) {
  return <Badge tone={mode}>{mode}</Badge>;
}
