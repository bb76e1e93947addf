import { useCallback, useEffect, useState } from 'react';
import { useT, type ListFilter, type ListType } from '@lendline/shared';
import { Button, Select, TextField } from '@lendline/shared/ui';
import { fetchSavedFilters, saveFilter, type SavedFilter } from '../api/saved-filters';

export interface SavedFiltersProps {
  type: ListType;
  filters: ListFilter[];
  onApply(filters: ListFilter[]): void;
}

/** Save the current filters under a name, and apply a saved set later (per user and list). */
export function SavedFilters({ type, filters, onApply }: SavedFiltersProps) {
  const t = useT();
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
      <TextField label={t('areas.applications.filters.saveAs', undefined, 'Save filters as')} value={name} onChange={setName} testId="saved-filter-name" />
      <Button variant="secondary" isDisabled={!name.trim() || !filters.length} onPress={save}>
        {t('areas.applications.filters.save', undefined, 'Save filter')}
      </Button>
      <Select
        label={t('areas.applications.filters.savedList', undefined, 'Saved filters')}
        placeholder={saved.length ? '—' : t('areas.applications.filters.noneSaved', undefined, 'none yet')}
        value={pick || null}
        isDisabled={!saved.length}
        onChange={(id) => {
          setPick(id);
          const s = saved.find((x) => x.name === id);
          if (s) onApply(s.filters);
        }}
        options={saved.map((s) => ({ id: s.name, label: s.name }))}
        testId="saved-filters"
      />
      {status && (
        <span role="status" className="ll-muted">
          {status}
        </span>
      )}
    </div>
  );
}
