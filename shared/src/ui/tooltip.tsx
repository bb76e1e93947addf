import type { ComponentProps, ReactNode } from 'react';
import { Focusable, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import { useKitStyles } from './styles';

export interface TooltipProps {
  /** One focusable DOM element (a button, a link, or anything with tabIndex): it gets aria-describedby. */
  children: ComponentProps<typeof Focusable>['children'];
  content: ReactNode;
  delay?: number;
}

/**
 * A tooltip that shows on hover after a delay and at once on keyboard focus, hides on Escape, and
 * describes its trigger for screen readers — what a title attribute does not do for keyboard users.
 */
export function Tooltip({ children, content, delay = 500 }: TooltipProps) {
  useKitStyles();
  return (
    <TooltipTrigger delay={delay}>
      <Focusable>{children}</Focusable>
      <AriaTooltip className="ll-ui-tooltip" offset={6}>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
