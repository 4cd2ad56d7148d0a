import { useTranslations } from 'next-intl';
import type { PagedList } from '../../lib/use-paged-list';

export function LoadMore<T>({ list, label }: { list: PagedList<T>; label: string }) {
  const t = useTranslations('common');
  if (!list.hasMore) return null;
  return (
    <p className="load-more">
      <button
        type="button"
        className="button secondary"
        onClick={list.loadMore}
        disabled={list.loadingMore}
      >
        {list.loadingMore ? t('loading') : label}
      </button>
    </p>
  );
}
