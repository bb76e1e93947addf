import { useId, type ReactNode } from 'react';
import { useKitStyles } from '../styles';

export interface SectionCardProps {
  /** The region's name: its heading, and the name assistive technology announces for the region. */
  title: ReactNode;
  children: ReactNode;
  /** Heading level (2 under a page's h1, 3 inside another section). */
  level?: 2 | 3 | 4;
  /** A small action or two at the card's head (an "Edit" link, a filter). */
  actions?: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** No inner padding for a table or list that runs edge to edge. */
  flush?: boolean;
  testId?: string;
  className?: string;
}

/** A titled region on a card surface: a <section> named by its heading, so it is a landmark a screen reader lists. */
export function SectionCard({ title, children, level = 2, actions, description, flush, testId, className }: SectionCardProps) {
  useKitStyles();
  const id = useId();
  const H = `h${level}` as 'h2' | 'h3' | 'h4';
  const cls = ['ll-section-card', flush && 'll-section-card--flush', className].filter(Boolean).join(' ');
  return (
    <section className={cls} aria-labelledby={id} data-testid={testId}>
      <div className="ll-section-card__head">
        <div className="ll-section-card__titles">
          <H id={id} className="ll-section-card__title">
            {title}
          </H>
          {description != null && <p className="ll-section-card__description">{description}</p>}
        </div>
        {actions != null && <div className="ll-section-card__actions">{actions}</div>}
      </div>
      <div className="ll-section-card__body">{children}</div>
    </section>
  );
}
