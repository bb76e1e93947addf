import { useT } from '@lendline/shared';

/** Previous / next over keyset pages (the server has no page numbers: a stack of cursors goes back). */
export function Pager({ page, hasPrev, hasNext, onPrev, onNext, busy }: { page: number; hasPrev: boolean; hasNext: boolean; onPrev(): void; onNext(): void; busy?: boolean }) {
  const t = useT();
  if (!hasPrev && !hasNext) return null;
  return (
    <nav className="ll-pager" aria-label={t('areas.tasks.pager.label', undefined, 'Pages')}>
      <button type="button" onClick={onPrev} disabled={!hasPrev || busy}>
        {t('areas.tasks.pager.prev', undefined, 'Previous')}
      </button>
      <span aria-live="polite">{t('areas.tasks.pager.page', { page }, 'Page {page}')}</span>
      <button type="button" onClick={onNext} disabled={!hasNext || busy}>
        {t('areas.tasks.pager.next', undefined, 'Next')}
      </button>
    </nav>
  );
}
