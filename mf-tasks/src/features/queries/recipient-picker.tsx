import { useEffect, useId, useState } from 'react';
import { TextField } from '@lendline/shared/ui';
import { searchRecipients, type Recipient } from './api';
import type { QueryT } from './texts';

interface Props {
  t: QueryT;
  applicationId: string;
  value: Recipient | null;
  onChange(next: Recipient | null): void;
}

/** Waits this long after the last keystroke before asking the server (one request per pause, not per key). */
const PAUSE_MS = 250;

/**
 * The people-and-teams picker (issue 26): type part of a name, choose one of those the server says may receive the
 * query (POST /v3/queries/recipients: staff who may open this application and answer, and teams). The choice is a
 * radio group, so the keyboard and screen readers work as with any form field.
 */
export function RecipientPicker({ t, applicationId, value, onChange }: Props) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Recipient[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (value) return;
    let live = true;
    setBusy(true);
    const timer = setTimeout(() => {
      searchRecipients(applicationId, search.trim()).then(
        (list) => live && setFound(list),
        () => live && setFound([]),
      ).finally(() => live && setBusy(false));
    }, search ? PAUSE_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [applicationId, search, value]);

  if (value) {
    return (
      <p className="ll-recipient-chosen" data-testid="recipient-chosen">
        <strong>{t('chosen', { name: value.name })}</strong> <span className="ll-muted">({value.id})</span>{' '}
        <button type="button" className="ll-button--secondary" onClick={() => onChange(null)}>{t('change')}</button>
      </p>
    );
  }
  const group = (kind: Recipient['kind']) => (found ?? []).filter((r) => r.kind === kind);
  return (
    <div className="ll-recipient-picker" data-testid="recipient-picker">
      <TextField label={t('find')} type="search" value={search} autoComplete="off" description={t('findHint')} onChange={(v) => setSearch(v.slice(0, 60))} testId="recipient-search" />
      <div aria-live="polite">
        {busy && !found && <p className="ll-muted">{t('searching')}</p>}
        {found && found.length === 0 && <p className="ll-muted">{t('noMatch', { search: search.trim() })}</p>}
      </div>
      {(['user', 'team'] as const).map((kind) =>
        group(kind).length ? (
          <fieldset key={kind} className="ll-pick-list">
            <legend>{kind === 'user' ? t('people') : t('teams')}</legend>
            {group(kind).map((r) => (
              <label key={`${r.kind}-${r.id}`}>
                <input type="radio" name={`${id}-to`} value={r.id} onChange={() => onChange(r)} /> {r.name} <span className="ll-muted">({r.id})</span>
              </label>
            ))}
          </fieldset>
        ) : null,
      )}
    </div>
  );
}
