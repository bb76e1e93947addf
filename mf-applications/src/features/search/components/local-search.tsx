import { useEffect, useState } from 'react';
import { useT } from '@lendline/shared';
import { TextField } from '@lendline/shared/ui';

export interface LocalSearchProps {
  value: string;
  onSearch(text: string): void;
  /** How many rows of the list match the applied text (the server's count); null while unknown. */
  matches?: number | null;
}

/** Searches within the current list; waits for a pause in typing so each keystroke is not a query. */
export function LocalSearch({ value, onSearch, matches = null }: LocalSearchProps) {
  const t = useT();
  const label = t('areas.applications.search.local', undefined, 'Search this list');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const h = setTimeout(() => onSearch(text), 350);
    return () => clearTimeout(h);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    // A form so Enter searches at once (the kit's field has no key handler of its own). Not a named search landmark:
    // its field carries the name, and the page's search landmark is the global search.
    <form
      className="ll-local-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <TextField label={label} type="search" value={text} onChange={setText} testId="local-search" />
      {value.trim() && matches != null && (
        <span className="ll-local-search-count" role="status" data-testid="local-search-count">
          {t('listWording.searchMatches', { count: matches, text: value.trim() }, '{count} matching “{text}”')}
        </span>
      )}
    </form>
  );
}
