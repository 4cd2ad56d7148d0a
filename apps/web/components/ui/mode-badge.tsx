import type { Mode } from '@reelscout/domain/modes';
import { useTranslations } from 'next-intl';
import { Badge } from './badge';

export function ModeBadge({ mode }: { mode: Mode }) {
  const t = useTranslations('common');
  return <Badge tone={mode}>{t(`modeBadge.${mode}`)}</Badge>;
}
