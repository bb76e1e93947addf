import type { StepIndicatorItem } from '@lendline/shared/form-engine';
import { useT } from '@lendline/shared';

/**
 * §2 step indicator: sections before the current one complete at 100 %, the current one partial at its §4
 * percentage, the last one complete once reached. An ordered list with aria-current, and each bar's percentage
 * in text for screen readers. On a phone the names do not fit side by side: there the list gives way to one
 * line, "Step 2 of 5 · Loan requirement", over a bar of the whole application's progress (CSS picks by width).
 */
export function StepIndicator({ items }: { items: StepIndicatorItem[] }) {
  const t = useT();
  const at = Math.max(0, items.findIndex((s) => s.current));
  const overall = items.length ? items.reduce((sum, s) => sum + s.percent, 0) / items.length : 0;
  const compact = t('portal.flow.stepOf', { n: at + 1, total: items.length, name: items[at]?.name ?? '' }, `Step ${at + 1} of ${items.length} · ${items[at]?.name ?? ''}`);
  return (
    <nav aria-label={t('portal.flow.progress', undefined, 'Application progress')}>
      <div className="ll-steps-compact" data-testid="step-compact">
        <p>{compact}</p>
        <div className="ll-steps__bar" role="progressbar" aria-label={compact} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(overall)}>
          <span style={{ width: `${Math.round(overall)}%` }} />
        </div>
      </div>
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
