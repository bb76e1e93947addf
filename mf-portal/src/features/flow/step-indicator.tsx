import type { StepIndicatorItem } from '@lendline/shared/form-engine';
import { useT } from '@lendline/shared';

/**
 * §2 step indicator: sections before the current one complete at 100 %, the current one partial at its §4
 * percentage, the last one complete once reached. An ordered list with aria-current, and each bar's percentage
 * in text for screen readers. Scrolls sideways on a phone instead of squeezing the names.
 */
export function StepIndicator({ items }: { items: StepIndicatorItem[] }) {
  const t = useT();
  return (
    <nav aria-label={t('portal.flow.progress', undefined, 'Application progress')}>
      <ol className="ll-steps">
        {items.map((s) => (
          <li key={s.sectionId} aria-current={s.current ? 'step' : undefined} data-state={s.state}>
            <div className="ll-steps__bar" aria-hidden="true">
              <span style={{ width: `${Math.round(s.percent)}%` }} />
            </div>
            <span>{s.name}</span>
            <span className="ll-visually-hidden">
              {' '}
              {s.state === 'complete'
                ? t('portal.flow.stepComplete', undefined, 'complete')
                : s.state === 'partial'
                  ? t('portal.flow.stepPartial', { percent: Math.round(s.percent) }, `${Math.round(s.percent)} % done`)
                  : t('portal.flow.stepUpcoming', undefined, 'not started')}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
