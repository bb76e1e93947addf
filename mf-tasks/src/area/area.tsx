import type { AreaProps } from '@lendline/shared';
import { AreaPage, useT } from '@lendline/shared';
import { TaskSummary } from '../features/summary/task-summary';

// Texts live in the shared i18n dictionaries (/assets/i18n/{lang}.json).
const LATER = ['areas.tasks.later.buckets', 'areas.tasks.later.tabs', 'areas.tasks.later.sla'];

/** Work on tasks (/backstage/tasks); its tab bodies are embedded in the application detail later. */
export function Area(_props: AreaProps) {
  const t = useT();
  return (
    <AreaPage title={t('areas.tasks.title')} remote="mf-tasks" version={__REMOTE_VERSION__} comingLater={LATER.map((k) => t(k))}>
      <TaskSummary />
    </AreaPage>
  );
}
