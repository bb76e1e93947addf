import { useConfigName, useT, type AppLifeCycle } from '@lendline/shared';
import { CheckIcon } from '@lendline/shared/ui/icons';

/** The lifecycle's steps with the current stage marked; steps before it are done. */
export function LifecycleStepper({ lifecycle }: { lifecycle: AppLifeCycle | undefined }) {
  const t = useT();
  const name = useConfigName();
  if (!lifecycle?.steps.length) return null;
  return (
    <ol className="ll-stepper" aria-label={t('areas.applications.detail.lifecycle', undefined, 'Lifecycle')} data-testid="lifecycle">
      {lifecycle.steps.map((s, i) => {
        const state = i < lifecycle.stage ? 'done' : i === lifecycle.stage ? 'current' : 'todo';
        return (
          <li key={s.stepName + i} className={`ll-step ll-step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="ll-step-index" aria-hidden="true">
              {state === 'done' ? <CheckIcon /> : i + 1}
            </span>
            {name('step', s.stepName)}
            <span className="ll-visually-hidden">
              {' '}
              ({state === 'done' ? t('areas.applications.detail.stepDone', undefined, 'done') : state === 'current' ? t('areas.applications.detail.stepCurrent', undefined, 'current') : t('areas.applications.detail.stepTodo', undefined, 'to do')})
            </span>
          </li>
        );
      })}
    </ol>
  );
}
