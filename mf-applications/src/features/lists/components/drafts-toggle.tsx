import { useEffect, useState } from 'react';
import { useT } from '@lendline/shared';
import { fetchApplications } from '../../../api/applications-query';

export interface DraftsToggleProps {
  on: boolean;
  onChange(on: boolean): void;
}

/**
 * "Drafts" on All applications: portal applications whose applicant has not yet given the identity asked first are
 * not work (no task, no SLA, in no queue), so the list leaves them out and this button shows them apart, with their
 * count (one small counted query along the server's drafts index).
 */
export function DraftsToggle({ on, onChange }: DraftsToggleProps) {
  const t = useT();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    fetchApplications({ queryType: 'ALL_APPLICATIONS', _applicationStatus: ['ACTIVE'], drafts: true, pagination: { pageSize: 5 } }, ctl.signal)
      .then((r) => setCount(r.count))
      .catch(() => setCount(null));
    return () => ctl.abort();
  }, [on]);
  return (
    <button type="button" className={on ? 'll-chip ll-chip--on' : 'll-chip'} aria-pressed={on} data-testid="drafts-toggle" onClick={() => onChange(!on)}>
      {t('listWording.drafts', undefined, 'Drafts')}
      {count !== null && <span className="ll-chip-count"> {count}</span>}
    </button>
  );
}
