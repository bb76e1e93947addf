import { useEffect, useState } from 'react';
import { labelOf, useConfigName, useT } from '@lendline/shared';
import { fetchSubTasks, fetchTasks, type SubTask, type TaskConfig } from '../../api/tasks-api';
import { DueBadge } from '../../ui/due-badge';
import { ensureTaskStyles } from '../../ui/styles';
import type { TabProps } from '../../ui/tab-props';

const OPEN = ['In Progress', 'Pending'];

/** Groups the tasks by lifecycle step (in step order) with the sub-tasks of each task under it. */
export function byStep(tasks: TaskConfig[], subTasks: SubTask[]) {
  const steps = new Map<number, { stepNumber: number; stepName: string; tasks: { task: TaskConfig; subTasks: SubTask[] }[] }>();
  const sorted = [...tasks].sort((a, b) => a.stepInfo.stepNumber - b.stepInfo.stepNumber || a.createdAt.localeCompare(b.createdAt));
  for (const task of sorted) {
    const s = steps.get(task.stepInfo.stepNumber) ?? { stepNumber: task.stepInfo.stepNumber, stepName: task.stepInfo.stepName, tasks: [] };
    s.tasks.push({ task, subTasks: subTasks.filter((q) => q.taskId === task.taskId) });
    steps.set(task.stepInfo.stepNumber, s);
  }
  const known = new Set(tasks.map((x) => x.taskId));
  return { steps: [...steps.values()], loose: subTasks.filter((q) => !q.taskId || !known.has(q.taskId)) };
}

/** Related tasks tab: the application's tasks and sub-tasks by step, with status, holder and SLA. */
export default function RelatedTasksTab({ applicationId, application }: TabProps) {
  const t = useT();
  const name = useConfigName();
  useEffect(ensureTaskStyles, []);
  const [data, setData] = useState<{ tasks: TaskConfig[]; subTasks: SubTask[] } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([fetchTasks(applicationId), fetchSubTasks(applicationId)]).then(
      ([a, b]) => live && setData({ tasks: a.data, subTasks: b.data }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [applicationId, application.verNum]);
  if (failed) return <p role="alert">{t('areas.tasks.related.failed', undefined, 'The tasks could not be loaded.')}</p>;
  if (!data) return <p aria-busy="true">{t('areas.tasks.loading', undefined, 'Loading…')}</p>;
  const { steps, loose } = byStep(data.tasks, data.subTasks);
  const holder = (user: string | null, team: string | null | undefined) => user ?? (team ? t('areas.tasks.inbox.team', { team: name('team', team) }, 'team {team}') : '—');
  const sub = (q: SubTask) => (
    <li key={q.subTaskId} data-testid="related-subtask">
      {labelOf('subTaskKind', q.type)} · {q.subject || '—'} · {labelOf('subTaskStatus', q.status)} · {holder(q.assignedTo, q.assignedTeam)}
    </li>
  );
  return (
    <div data-testid="related-tasks-tab">
      {steps.map((s) => (
        <section key={s.stepNumber} className="ll-related-step" aria-label={name('step', s.stepName)}>
          <h4>
            {t('areas.tasks.related.step', { n: s.stepNumber, name: name('step', s.stepName) }, 'Step {n}: {name}')}
          </h4>
          <ul>
            {s.tasks.map(({ task, subTasks }) => (
              <li key={task.taskId} data-testid="related-task" data-progress={task.progress}>
                <strong>{name('task', task.name)}</strong> · {labelOf('taskProgress', task.progress)} · {holder(task.assignedTo, task.assignedTeam[0])}
                {OPEN.includes(task.progress) && (
                  <>
                    {' · '}
                    <DueBadge dueAt={task.dueAt} />
                  </>
                )}
                {subTasks.length > 0 && <ul>{subTasks.map(sub)}</ul>}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {loose.length > 0 && (
        <section className="ll-related-step">
          <h4>{t('areas.tasks.related.other', undefined, 'Not tied to a task')}</h4>
          <ul>{loose.map(sub)}</ul>
        </section>
      )}
    </div>
  );
}
