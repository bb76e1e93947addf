import type { ReactNode } from 'react';
import { useKitStyles } from '../styles';

export interface EmptyStateProps {
  /** An icon from '@lendline/shared/ui/icons' (decorative: the title says it). */
  icon?: ReactNode;
  /** What is (not) here: "No applications match these filters". */
  title: ReactNode;
  /** What the person can do about it. */
  children?: ReactNode;
  /** One action that gets them out of the empty state (clear filters, create the first one). */
  action?: ReactNode;
  testId?: string;
  className?: string;
}

/** What a list or panel shows when it has nothing: an icon, a sentence, perhaps a way forward; announced politely. */
export function EmptyState({ icon, title, children, action, testId, className }: EmptyStateProps) {
  useKitStyles();
  return (
    <div className={className ? `ll-empty-state ${className}` : 'll-empty-state'} role="status" data-testid={testId}>
      {icon != null && (
        <div className="ll-empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="ll-empty-state__title">{title}</p>
      {children != null && <div className="ll-empty-state__text">{children}</div>}
      {action != null && <div className="ll-empty-state__action">{action}</div>}
    </div>
  );
}
