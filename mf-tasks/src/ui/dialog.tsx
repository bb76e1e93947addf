import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
  wide?: boolean;
}

/**
 * A modal dialog of this remote: labelled by its title, focus moves in on open and back on close, Escape closes.
 * (Remotes do not share components with each other or the shell.)
 */
export function Dialog({ title, onClose, children, actions, testId, wide }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, select, textarea, button:not([data-close])');
    (first ?? ref.current)?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="ll-backdrop">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={wide ? 'll-dialog ll-dialog--wide' : 'll-dialog'}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        {actions && <div className="ll-dialog-actions">{actions}</div>}
      </div>
    </div>
  );
}
