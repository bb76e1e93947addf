import { useConfigName, useT } from '@lendline/shared';
import type { ApplicationsResult } from '../../../api/applications-query';
import type { ListNarrowing } from '../hooks/list-filter-store';

export interface CountFiltersProps {
  result: ApplicationsResult | null;
  narrowing: ListNarrowing;
  onChange(patch: Partial<ListNarrowing>): void;
}

interface Chip {
  label: string;
  count: number;
  on: boolean;
  toggle(): void;
}

function Group({ title, chips, testId }: { title: string; chips: Chip[]; testId: string }) {
  if (!chips.length) return null;
  return (
    <div role="group" aria-label={title} className="ll-count-group" data-testid={testId}>
      <span className="ll-count-title">{title}</span>
      {chips.map((c) => (
        <button key={c.label} type="button" aria-pressed={c.on} className={c.on ? 'll-chip ll-chip--on' : 'll-chip'} onClick={c.toggle}>
          {c.label} <span className="ll-chip-count">{c.count}</span>
        </button>
      ))}
    </div>
  );
}

/** §3 counts by stage, task name and version: each one a filter that toggles on click. */
export function CountFilters({ result, narrowing, onChange }: CountFiltersProps) {
  const t = useT();
  const name = useConfigName();
  if (!result) return null;
  const stage = result.stageWise.map((s) => ({
    label: name('step', s.stepName),
    count: s.count,
    on: narrowing.stepName === s.stepName,
    toggle: () => onChange({ stepName: narrowing.stepName === s.stepName ? undefined : s.stepName }),
  }));
  const task = result.taskNameWise.map((s) => ({
    label: name('task', s.taskName),
    count: s.count,
    on: narrowing.taskName === s.taskName,
    toggle: () => onChange({ taskName: narrowing.taskName === s.taskName ? undefined : s.taskName }),
  }));
  const version = result.versionNumberWise.map((s) => ({
    label: t('labels.flowVersion', { n: s.versionNumber }, 'Version {n}'),
    count: s.count,
    on: narrowing.verNum === s.versionNumber,
    toggle: () => onChange({ verNum: narrowing.verNum === s.versionNumber ? undefined : s.versionNumber }),
  }));
  return (
    <div className="ll-counts">
      <Group title={t('areas.applications.list.byStage', undefined, 'By stage')} chips={stage} testId="counts-stage" />
      <Group title={t('areas.applications.list.byTask', undefined, 'By task')} chips={task} testId="counts-task" />
      <Group title={t('areas.applications.list.byVersion', undefined, 'By version')} chips={version} testId="counts-version" />
      {result.closedCount != null && (
        <p className="ll-muted" data-testid="closed-count">
          {t('areas.applications.list.closed', { count: result.closedCount }, 'Closed: {count}')}
        </p>
      )}
    </div>
  );
}
