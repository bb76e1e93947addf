import { lazy, Suspense, useEffect, useState } from 'react';
import { useT, type User } from '@lendline/shared';
import { Select } from '@lendline/shared/ui';
import type { AssignPermissions } from '../../../api/table-config';
import type { ListRow } from '../../../api/applications-query';
import { assignRights, assignRows, fetchAssignees, rowsFor, teamOf, type AssignKind, type AssignOutcome, type Assignee } from '../api/assignment';

// The UI kit (react-aria) loads when a dialog opens, not with the list: ticking rows must stay light.
const Dialog = lazy(() => import('@lendline/shared/ui').then((m) => ({ default: m.Dialog })));

export interface AssignmentBarProps {
  permissions: AssignPermissions | null;
  user: User | null;
  selected: ListRow[];
  /** Called with the rows that changed and to whom, so the list shows it before the reload lands. */
  onAssigned(changes: { id: string; userName: string }[]): void;
}

/** Assign, reassign and assign to self (§6) for the ticked rows of a list. */
export default function AssignmentBar({ permissions, user, selected, onAssigned }: AssignmentBarProps) {
  const t = useT();
  const rights = assignRights(permissions, user?.roles);
  const [dialog, setDialog] = useState<AssignKind | null>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<AssignOutcome[]>([]);
  const [done, setDone] = useState<string | null>(null);
  if (!rights.assign && !rights.reassign && !rights.self) return null;

  const unassigned = rowsFor('assign', selected);
  const assigned = rowsFor('reassign', selected);

  async function run(kind: AssignKind, rows: ListRow[], userName: string) {
    setBusy(true);
    setDone(null);
    const out = await assignRows(kind, rows, userName);
    setBusy(false);
    setDialog(null);
    const ok = out.filter((o) => o.ok);
    setFailures(out.filter((o) => !o.ok));
    if (ok.length) {
      onAssigned(ok.map((o) => ({ id: o.row.application_id, userName })));
      setDone(t('listWording.assignDone', { count: ok.length, user: userName }, '{count} application(s) assigned to {user}.'));
    }
  }

  const some = selected.length > 0;
  return (
    <div className="ll-assign-bar" role="group" aria-label={t('areas.applications.assign.title', undefined, 'Assignment')}>
      {some && <span className="ll-muted">{t('areas.applications.assign.selected', { count: selected.length }, '{count} selected')}</span>}
      {some && rights.self && user && (
        <button type="button" disabled={busy || !unassigned.length} onClick={() => run('self', unassigned, user.userName)}>
          {t('areas.applications.assign.self', undefined, 'Assign to me')}
        </button>
      )}
      {some && rights.assign && (
        <button type="button" className="ll-button--secondary" disabled={busy || !unassigned.length} onClick={() => setDialog('assign')}>
          {t('areas.applications.assign.assign', undefined, 'Assign to…')}
        </button>
      )}
      {some && rights.reassign && (
        <button type="button" className="ll-button--secondary" disabled={busy || !assigned.length} onClick={() => setDialog('reassign')}>
          {t('areas.applications.assign.reassign', undefined, 'Reassign to…')}
        </button>
      )}
      {done && (
        <span role="status" data-testid="assign-status">
          {done}
        </span>
      )}
      {failures.length > 0 && (
        <div role="alert" className="ll-field-error" data-testid="assign-failures">
          <p>{t('areas.applications.assign.failed', { count: failures.length }, '{count} application(s) could not be assigned:')}</p>
          <ul>
            {failures.map((f) => (
              <li key={f.row.application_id}>
                {f.row.application_id} - {f.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {dialog && dialog !== 'self' && (
        <Suspense fallback={null}>
          <AssigneeDialog
            kind={dialog}
            rows={dialog === 'assign' ? unassigned : assigned}
            busy={busy}
            onClose={() => setDialog(null)}
            onPick={(userName) => run(dialog, dialog === 'assign' ? unassigned : assigned, userName)}
          />
        </Suspense>
      )}
    </div>
  );
}

function AssigneeDialog({ kind, rows, busy, onClose, onPick }: { kind: AssignKind; rows: ListRow[]; busy: boolean; onClose(): void; onPick(userName: string): void }) {
  const t = useT();
  const [users, setUsers] = useState<Assignee[] | null>(null);
  const [error, setError] = useState(false);
  const [pick, setPick] = useState('');
  const teams = [...new Set(rows.map(teamOf).filter((x): x is string => typeof x === 'string'))];
  const teamKey = teams.join(',');
  useEffect(() => {
    fetchAssignees(teamKey ? teamKey.split(',') : []).then(setUsers, () => setError(true));
  }, [teamKey]);
  const title = kind === 'assign' ? t('areas.applications.assign.assignTitle', { count: rows.length }, 'Assign {count} application(s)') : t('areas.applications.assign.reassignTitle', { count: rows.length }, 'Reassign {count} application(s)');
  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId="assign-dialog"
      actions={
        <>
          <button type="button" disabled={!pick || busy} onClick={() => onPick(pick)}>
            {t('areas.applications.assign.confirm', undefined, 'Assign')}
          </button>
          <button type="button" className="ll-button--secondary" data-close onClick={onClose}>
            {t('areas.applications.common.cancel', undefined, 'Cancel')}
          </button>
        </>
      }
    >
      <Select
        label={t('areas.applications.assign.user', undefined, 'User')}
        placeholder={users ? '—' : t('areas.applications.common.loading', undefined, 'Loading…')}
        value={pick || null}
        onChange={setPick}
        isDisabled={!users}
        options={(users ?? []).map((u) => ({ id: u.userName, label: `${u.displayName} (${u.userName})` }))}
        testId="assign-user"
      />
      {error && <p role="alert">{t('areas.applications.assign.usersUnavailable', undefined, 'The users could not be loaded.')}</p>}
    </Dialog>
  );
}
