import { useKitStyles } from '../styles';

export interface SkeletonProps {
  /** What is loading, said to assistive technology ("Loading applications…"); the grey shapes say nothing. */
  label: string;
  /** 'rows' for a list or table (lines of text), 'block' for a card or chart. */
  variant?: 'rows' | 'block';
  /** How many rows (variant rows), 1 to 20. */
  rows?: number;
  /** Height of the block (variant block): sm 4rem (a figure), md 8rem (a card), lg 16rem (a chart). Classes, not inline styles (CSP). */
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  className?: string;
}

/**
 * The placeholder a screen shows while its data loads, in the shape of what is coming so nothing jumps when it
 * arrives. aria-busy with a name, so a screen reader says what is loading once instead of reading grey boxes.
 * The shimmer stops under prefers-reduced-motion.
 */
export function Skeleton({ label, variant = 'rows', rows = 3, size = 'md', testId, className }: SkeletonProps) {
  useKitStyles();
  const n = Math.min(20, Math.max(1, Math.floor(rows)));
  const cls = ['ll-skeleton', `ll-skeleton--${variant}`, className].filter(Boolean).join(' ');
  return (
    <div className={cls} role="status" aria-busy="true" aria-label={label} data-testid={testId}>
      {variant === 'block' ? (
        <span className={`ll-skeleton__block ll-skeleton__block--${size}`} aria-hidden="true" />
      ) : (
        Array.from({ length: n }, (_, i) => <span key={i} className="ll-skeleton__row" aria-hidden="true" />)
      )}
    </div>
  );
}
