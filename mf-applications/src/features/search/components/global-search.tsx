import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useT } from '@lendline/shared';

// The results (and the search call) load with the first search.
const SearchResults = lazy(() => import(/* webpackChunkName: "search-results" */ './search-results'));

export interface GlobalSearchProps {
  onOpen(applicationId: string): void;
}

/** The global search box: any fragment of a name, id, mobile, PAN or e-mail across what the user may open (§9: 10 a page). */
export function GlobalSearch({ onOpen }: GlobalSearchProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const label = t('areas.applications.search.globalLabel', undefined, 'Name, application id, mobile, PAN or e-mail');

  function submit(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    if (q) setQuery(q);
  }

  return (
    <div className="ll-global-search" onKeyDown={(e) => e.key === 'Escape' && setQuery(null)}>
      <form role="search" onSubmit={submit} aria-label={t('areas.applications.search.global', undefined, 'Search all applications')}>
        <label htmlFor={id} className="ll-visually-hidden">
          {label}
        </label>
        {/* Native, in the kit's look: the kit's TextField always shows its label, and this one-line box is labelled by its placeholder's words. */}
        <input id={id} className="ll-ui-input" type="search" value={text} placeholder={label} onChange={(e) => setText(e.target.value)} />
        <button type="submit">{t('areas.applications.search.go', undefined, 'Search')}</button>
      </form>
      {query && (
        <Suspense fallback={<p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>}>
          <SearchResults text={query} onOpen={onOpen} onClose={() => setQuery(null)} />
        </Suspense>
      )}
    </div>
  );
}
