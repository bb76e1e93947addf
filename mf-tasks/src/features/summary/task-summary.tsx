import { PLATFORM, useLabel, useServerData, useT } from '@lendline/shared';

interface Summary {
  byProgress: { progress: string; count: number }[];
}

/** Open and closed tasks by progress, read from the server. */
export function TaskSummary() {
  const label = useLabel();
  const t = useT();
  const { data, error, loading } = useServerData<Summary>(PLATFORM.areaSummary('tasks'));
  if (loading) return <p aria-busy="true">{t('summaryWording.loadingTasks', undefined, 'Loading tasks…')}</p>;
  if (error || !data) return <p role="alert">{t('summaryWording.tasksFailed', undefined, 'Tasks could not be loaded.')}</p>;
  return (
    <dl className="ll-stats" aria-label={t('summaryWording.byProgress', undefined, 'Tasks by progress')}>
      {data.byProgress.map((r) => (
        <div key={r.progress}>
          <dt data-progress={r.progress}>{label('taskProgress', r.progress)}</dt>
          <dd>{r.count}</dd>
        </div>
      ))}
    </dl>
  );
}
