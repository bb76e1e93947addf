import type { AreaProps } from '@lendline/shared';
import { AreaPage } from '@lendline/shared';
import { TaskSummary } from '../features/summary/task-summary';

const LATER = [
  'Task review buckets (Today, Future, All) and snooze',
  'Queries, approvals, worklogs, notes, documents and related tasks on an application',
  'SLA clocks per task',
];

/** Work on tasks (/backstage/tasks); its tab bodies are embedded in the application detail later. */
export function Area(_props: AreaProps) {
  return (
    <AreaPage title="Tasks" remote="mf-tasks" version={__REMOTE_VERSION__} comingLater={LATER}>
      <TaskSummary />
    </AreaPage>
  );
}
