import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Dialog as AriaDialog, Popover as AriaPopover } from 'react-aria-components';
import { useKitStyles } from './styles';

export interface PopoverProps {
  /** The caller's own button that opens it: the popover is placed against it and gives focus back to it. */
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  /** Escape, a click outside, or focus moving elsewhere on the page. */
  onClose(): void;
  /** The panel's accessible name (it is a non-modal dialog). */
  label: string;
  children: ReactNode;
  testId?: string;
  /** For the trigger's aria-controls. */
  id?: string;
  placement?: 'bottom end' | 'bottom start' | 'bottom' | 'top end' | 'top start' | 'top';
  className?: string;
}

/**
 * A non-modal panel anchored to a button, for content with its own controls (rows with buttons and
 * links: not a menu). react-aria's non-modal popover and dialog: focus moves into the panel when it
 * opens, Tab leaves it (and closes it: focus went elsewhere), Escape closes it, and focus goes back to
 * the trigger; the page behind stays usable and readable by assistive tech.
 * A click that lands on nothing focusable does not move focus, so react-aria keeps a non-modal panel
 * open then; a dropdown is expected to close, hence the one pointerdown listener below. The trigger
 * is exempt from both (its own click toggles the panel: closing here would reopen it at once).
 */
export function Popover({ triggerRef, isOpen, onClose, label, children, testId, id, placement = 'bottom end', className }: PopoverProps) {
  useKitStyles();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const away = (e: Event) => {
      const target = e.target as Node;
      if (panel.current?.contains(target) || triggerRef.current?.contains(target)) return;
      onClose();
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [isOpen, onClose, triggerRef]);
  return (
    <AriaPopover
      ref={panel}
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isNonModal
      placement={placement}
      shouldCloseOnInteractOutside={(el) => !triggerRef.current?.contains(el)}
      className="ll-ui-popover ll-ui-popover--panel"
    >
      <AriaDialog aria-label={label} id={id} data-testid={testId} className={['ll-ui-popover__dialog', className].filter(Boolean).join(' ')}>
        {children}
      </AriaDialog>
    </AriaPopover>
  );
}
