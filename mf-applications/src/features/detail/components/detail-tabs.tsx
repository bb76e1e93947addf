import { useState } from 'react';
import { useT } from '@lendline/shared';
import { Tabs } from '@lendline/shared/ui';
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

/**
 * The content tabs, on the UI kit's Tabs (arrows, Home and End move and select, one tab stop, each
 * panel labelled by its tab); each body is the tasks module's (mf-tasks) and is loaded from it at run time.
 */
export function DetailTabs({ view, tabs, onChanged, loader, initial }: DetailTabsProps) {
  const t = useT();
  const [active, setActive] = useState<WorkTab | null>(tabs.find((x) => x === initial) ?? tabs[0] ?? null);
  // A reload can change which tabs §2 shows: a tab that went away falls back to the first one.
  const current = active && tabs.includes(active) ? active : tabs[0];
  if (!current) return null;
  const label = (tab: WorkTab) => t(`areas.applications.detail.tabs.${tab}`, undefined, TAB_LABELS[tab]);

  return (
    <div className="ll-detail-tabs">
      <Tabs
        label={t('areas.applications.detail.tabsLabel', undefined, 'Work on this application')}
        selected={current}
        onSelect={(id) => setActive(id as WorkTab)}
        tabs={tabs.map((tab) => ({
          id: tab,
          label: label(tab),
          // Only the selected panel is mounted, so only the open tab's body is fetched from mf-tasks.
          panel: (
            <RemoteSlot
              id={`mf_tasks/${TAB_REMOTES[tab]}`}
              loader={loader}
              props={{ applicationId: view.application_id, taskId: view.currentTask?.taskId ?? null, application: view, onChanged }}
              loading={<p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>}
              unavailable={
                <p role="status" className="ll-notice" data-testid="tab-unavailable">
                  {t('areas.applications.detail.tabUnavailable', { tab: label(tab) }, '{tab} is not available yet: it is provided by the tasks module (mf-tasks), which does not offer it in this release.')}
                </p>
              }
            />
          ),
        }))}
      />
    </div>
  );
}
