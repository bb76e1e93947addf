import { useCallback, useEffect, useId, useState } from 'react';
import { useT, type ListFilter, type ListType } from '@lendline/shared';
import { fetchSavedFilters, saveFilter, type SavedFilter } from '../api/saved-filters';

export interface SavedFiltersProps {
  type: ListType;
  filters: ListFilter[];
  onApply(filters: ListFilter[]): void;
}

/** Save the current filters under a name, and apply a saved set later (per user and list). */
export function SavedFilters({ type, filters, onApply }: SavedFiltersProps) {
  const t = useT();
  const ids = { name: useId(), pick: useId() };
  const [saved, setSaved] = useState<SavedFilter[]>([]);
  const [name, setName] = useState('');
  const [pick, setPick] = useState('');
  const [status, setStatus] = useState<string | null>(null);

  const load = useCallback(() => {
    fetchSavedFilters(type).then(setSaved, () => setStatus(t('areas.applications.filters.savedUnavailable', undefined, 'Saved filters could not be loaded.')));
  }, [type, t]);
  useEffect(load, [load]);

  async function save() {
    const n = name.trim();
    if (!n || !filters.length) return;
    try {
      await saveFilter(type, n, filters);
      setStatus(t('areas.applications.filters.saved', { name: n }, 'Filter "{name}" saved.'));
      setName('');
      load();
    } catch {
      setStatus(t('areas.applications.filters.saveFailed', undefined, 'The filter could not be saved.'));
    }
  }

  return (
    <div className="ll-saved-filters">
      <label htmlFor={ids.name}>{t('areas.applications.filters.saveAs', undefined, 'Save filters as')}</label>
      <input id={ids.name} value={name} onChange={(e) => setName(e.target.value)} />
      <button type="button" className="ll-button--secondary" disabled={!name.trim() || !filters.length} onClick={save}>
        {t('areas.applications.filters.save', undefined, 'Save filter')}
      </button>
      <label htmlFor={ids.pick}>{t('areas.applications.filters.savedList', undefined, 'Saved filters')}</label>
      <select
        id={ids.pick}
        value={pick}
        onChange={(e) => {
          setPick(e.target.value);
          const s = saved.find((x) => x.name === e.target.value);
          if (s) onApply(s.filters);
        }}
      >
        <option value="">{saved.length ? '—' : t('areas.applications.filters.noneSaved', undefined, 'none yet')}</option>
        {saved.map((s) => (
          <option key={s.name} value={s.name}>
            {s.name}
          </option>
        ))}
      </select>
      {status && (
        <span role="status" className="ll-muted">
          {status}
        </span>
      )}
    </div>
  );
}
