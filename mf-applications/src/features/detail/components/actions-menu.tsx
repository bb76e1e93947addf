import { useState } from 'react';
import { useMutation, useT } from '@lendline/shared';
import { Menu } from '@lendline/shared/ui';
import { ACTION_LABELS, availableActions, type ActionDef } from '../api/action-rules';
import { runAction, type ApplicationView } from '../api/application';
import { ActionDialog } from './action-dialog';

export interface ActionsMenuProps {
  view: ApplicationView;
  roles: readonly string[] | undefined;
  /** The new state after an action: the server's view when it sent one, else re-read. */
  onDone(next: ApplicationView | null): void;
}

/** The actions menu: the kit's menu button over the §4 actions this user may take, each confirmed first. */
export function ActionsMenu({ view, roles, onDone }: ActionsMenuProps) {
  const t = useT();
  const [pending, setPending] = useState<ActionDef | null>(null);
  const { busy, run } = useMutation();
  const defs = availableActions(view, roles);
  const labelOf = (def: ActionDef) => t(`areas.applications.actions.${def.action}`, undefined, ACTION_LABELS[def.action]);

  function confirm(def: ActionDef, extra: object) {
    // A §8 refusal is shown by the shell's error modal (for example the §4 step completion errors); the dialog stays
    // open so the user can change their input or cancel.
    void run(() => runAction(def.action, { application_id: view.application_id, verNum: view.verNum, ...extra }), {
      done: t('areas.applications.actions.done', { action: labelOf(def) }, '{action}: done'),
      then: (next) => {
        setPending(null);
        onDone(next);
      },
    });
  }

  return (
    <div className="ll-actions">
      <Menu
        label={t('areas.applications.detail.tabs.actions', undefined, 'Actions')}
        testId="actions-button"
        buttonClassName="ll-ui-button"
        isDisabled={!defs.length}
        items={defs.map((d) => ({ id: d.action, label: labelOf(d) }))}
        onAction={(id) => setPending(defs.find((d) => d.action === id) ?? null)}
      />
      {pending && <ActionDialog def={pending} view={view} busy={busy} roles={roles} onConfirm={(extra) => confirm(pending, extra)} onClose={() => setPending(null)} />}
    </div>
  );
}
