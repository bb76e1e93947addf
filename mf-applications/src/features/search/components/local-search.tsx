import { useEffect, useId, useState } from 'react';
import { useT } from '@lendline/shared';

export interface LocalSearchProps {
  value: string;
  onSearch(text: string): void;
  /** How many rows of the list match the applied text (the server's count); null while unknown. */
  matches?: number | null;
}

/** Searches within the current list; waits for a pause in typing so each keystroke is not a query. */
export function LocalSearch({ value, onSearch, matches = null }: LocalSearchProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const h = setTimeout(() => onSearch(text), 350);
    return () => clearTimeout(h);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="ll-local-search">
      <label htmlFor={id}>{t('areas.applications.search.local', undefined, 'Search this list')}</label>
      <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && onSearch(text)} />
      {value.trim() && matches != null && (
        <span className="ll-local-search-count" role="status" data-testid="local-search-count">
          {t('listWording.searchMatches', { count: matches, text: value.trim() }, '{count} matching “{text}”')}
        </span>
      )}
    </div>
  );
}
