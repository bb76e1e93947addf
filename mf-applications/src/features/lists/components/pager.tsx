import { useT } from '@lendline/shared';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** Keyset paging may know there is more without a total; hasMore then decides Next. */
  hasMore?: boolean;
  onPage(page: number): void;
}

/** Server-side paging: the page number and size go to the server, never a slice of loaded rows. */
export function Pager({ page, pageSize, total, hasMore, onPage }: PagerProps) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  const canNext = hasMore ?? page + 1 < pages;
  return (
    <nav className="ll-pager" aria-label={t('areas.applications.list.pages', undefined, 'Pages')}>
      <button type="button" className="ll-button--secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('areas.applications.list.previous', undefined, 'Previous')}
      </button>
      <span data-testid="pager-status" aria-live="polite">
        {t('listWording.range', { from, to, total }, '{from}–{to} of {total}')} · {t('listWording.pageOf', { page: page + 1, pages }, 'page {page} of {pages}')}
      </span>
      <button type="button" className="ll-button--secondary" disabled={!canNext} onClick={() => onPage(page + 1)}>
        {t('areas.applications.list.next', undefined, 'Next')}
      </button>
    </nav>
  );
}
