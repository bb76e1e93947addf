import { useRef, useState, type KeyboardEvent } from 'react';
import { eventBus, useT } from '@lendline/shared';
import { ACTION_LABELS, availableActions, type ActionDef } from '../api/action-rules';
import { runAction, type ApplicationView } from '../api/application';
import { ActionDialog } from './action-dialog';

export interface ActionsMenuProps {
  view: ApplicationView;
  roles: readonly string[] | undefined;
  /** The new state after an action: the server's view when it sent one, else re-read. */
  onDone(next: ApplicationView | null): void;
}

/** The actions menu: a menu button over the §4 actions this user may take, each confirmed first. */
export function ActionsMenu({ view, roles, onDone }: ActionsMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<ActionDef | null>(null);
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLUListElement>(null);
  const defs = availableActions(view, roles);

  function onMenuKey(e: KeyboardEvent) {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') items[(i + 1) % items.length]?.focus();
    else if (e.key === 'ArrowUp') items[(i - 1 + items.length) % items.length]?.focus();
    else if (e.key === 'Escape') setOpen(false);
    else return;
    e.preventDefault();
  }

  async function confirm(def: ActionDef, extra: object) {
    setBusy(true);
    try {
      const next = await runAction(def.action, { application_id: view.application_id, verNum: view.verNum, ...extra });
      eventBus.emit('toast', { kind: 'success', text: t('areas.applications.actions.done', { action: t(`areas.applications.actions.${def.action}`, undefined, ACTION_LABELS[def.action]) }, '{action}: done') });
      setPending(null);
      onDone(next);
    } catch {
      // A §8 refusal is shown by the shell's error modal (for example the §4 step completion
      // errors); the dialog stays open so the user can change their input or cancel.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ll-actions">
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)} disabled={!defs.length} data-testid="actions-button">
        {t('areas.applications.detail.tabs.actions', undefined, 'Actions')}
      </button>
      {open && (
        <ul role="menu" ref={menu} className="ll-menu" onKeyDown={onMenuKey} aria-label={t('areas.applications.detail.tabs.actions', undefined, 'Actions')}>
          {defs.map((d, i) => (
            <li key={d.action} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                ref={(el) => {
                  if (i === 0 && el && open) el.focus();
                }}
                onClick={() => {
                  setOpen(false);
                  setPending(d);
                }}
              >
                {t(`areas.applications.actions.${d.action}`, undefined, ACTION_LABELS[d.action])}
              </button>
            </li>
          ))}
        </ul>
      )}
      {pending && <ActionDialog def={pending} view={view} busy={busy} roles={roles} onConfirm={(extra) => confirm(pending, extra)} onClose={() => setPending(null)} />}
    </div>
  );
}
