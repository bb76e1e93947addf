import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '@lendline/shared';
import type { ApplicationView } from '../api/application';
import { TAB_REMOTES, type WorkTab } from '../api/tab-rules';
import { RemoteSlot } from './remote-slot';

export const TAB_LABELS: Record<WorkTab, string> = {
  snooze: 'Snooze',
  worklogs: 'Worklogs',
  queries: 'Queries',
  documents: 'Documents',
  notes: 'Notes',
  approvals: 'Approvals',
  relatedTasks: 'Related tasks',
  save: 'Save',
  actions: 'Actions',
  close: 'Close',
  credit: 'Credit',
};

export interface DetailTabsProps {
  view: ApplicationView;
  /** Content tabs that are visible (§2 rules already applied). */
  tabs: WorkTab[];
  onChanged(): void;
  loader?: (id: string) => Promise<unknown>;
  /** The tab to open first (the page's ?tab=, as the task inbox links it), when §2 shows it. */
  initial?: string | null;
}

/** The content tabs; each body is the tasks module's (mf-tasks) and is loaded from it at run time. */
export function DetailTabs({ view, tabs, onChanged, loader, initial }: DetailTabsProps) {
  const t = useT();
  const base = useId();
  const [active, setActive] = useState<WorkTab | null>(tabs.find((x) => x === initial) ?? tabs[0] ?? null);
  const list = useRef<HTMLDivElement>(null);
  const current = active && tabs.includes(active) ? active : tabs[0];
  if (!current) return null;
  const label = (tab: WorkTab) => t(`areas.applications.detail.tabs.${tab}`, undefined, TAB_LABELS[tab]);

  function onKey(e: KeyboardEvent) {
    const i = tabs.indexOf(current);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    setActive(next);
    list.current?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  }

  return (
    <div className="ll-detail-tabs">
      <div role="tablist" ref={list} aria-label={t('areas.applications.detail.tabsLabel', undefined, 'Work on this application')} onKeyDown={onKey}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${base}-${tab}`}
            data-tab={tab}
            aria-selected={tab === current}
            aria-controls={`${base}-${tab}-panel`}
            tabIndex={tab === current ? 0 : -1}
            className={tab === current ? 'll-tab ll-tab--on' : 'll-tab'}
            onClick={() => setActive(tab)}
          >
            {label(tab)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${current}-panel`} aria-labelledby={`${base}-${current}`} tabIndex={0} className="ll-tabpanel">
        <RemoteSlot
          id={`mf_tasks/${TAB_REMOTES[current]}`}
          loader={loader}
          props={{ applicationId: view.application_id, taskId: view.currentTask?.taskId ?? null, application: view, onChanged }}
          loading={<p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>}
          unavailable={
            <p role="status" className="ll-notice" data-testid="tab-unavailable">
              {t('areas.applications.detail.tabUnavailable', { tab: label(current) }, '{tab} is not available yet: it is provided by the tasks module (mf-tasks), which does not offer it in this release.')}
            </p>
          }
        />
      </div>
    </div>
  );
}
