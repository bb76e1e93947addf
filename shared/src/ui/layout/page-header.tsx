import type { ReactNode } from 'react';
import { useKitStyles } from '../styles';

export interface PageHeaderProps {
  /** The page's title: its one h1 (or the given level when the page sits inside another). */
  title: ReactNode;
  /** One line under the title saying whose or which records these are ("Branch Pune · 42 open"). */
  context?: ReactNode;
  /** The page's primary action (and at most a secondary one): sits at the title's right and wraps under it on a narrow screen. */
  actions?: ReactNode;
  /** Heading level of the title; 1 for a page, 2 when the page header sits inside a page that has its h1. */
  level?: 1 | 2;
  /** Id of the heading, for a region labelled by it. */
  titleId?: string;
  testId?: string;
  className?: string;
}

/**
 * The top of every screen: title, context line and primary action in one row that wraps (never pushes apart): the
 * text takes the room it needs and the actions move under it below ~40 rem instead of squeezing the title.
 */
export function PageHeader({ title, context, actions, level = 1, titleId, testId, className }: PageHeaderProps) {
  useKitStyles();
  const H = level === 1 ? 'h1' : 'h2';
  return (
    <div className={className ? `ll-page-header ${className}` : 'll-page-header'} data-testid={testId}>
      <div className="ll-page-header__text">
        <H id={titleId} className="ll-page-header__title">
          {title}
        </H>
        {context != null && context !== false && <p className="ll-page-header__context">{context}</p>}
      </div>
      {actions != null && actions !== false && <div className="ll-page-header__actions">{actions}</div>}
    </div>
  );
}
