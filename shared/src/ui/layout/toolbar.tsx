import type { KeyboardEvent, ReactNode } from 'react';
import { useKitStyles } from '../styles';

export interface ToolbarProps {
  /** What the controls act on ("Filters", "Bulk actions"): the toolbar's accessible name. */
  label: string;
  children: ReactNode;
  /** Controls pushed to the far end (e.g. a page-size picker), after a flexible gap. */
  end?: ReactNode;
  testId?: string;
  className?: string;
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Controls that use the arrow keys themselves: the toolbar leaves those keys to them. */
function ownsArrows(el: HTMLElement): boolean {
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(el.type);
  const role = el.getAttribute('role');
  return el.isContentEditable || role === 'combobox' || role === 'spinbutton' || role === 'slider' || role === 'textbox';
}

/**
 * A row of controls above a list or a form (filters, bulk actions): role=toolbar with a name, wraps onto more lines
 * instead of widening the page, and sits under the page header (never inside it), so a long filter row cannot push
 * the header apart. Left/Right (and Home/End) move between its controls as in WAI-ARIA's toolbar pattern, except
 * from a control that needs those keys (a text field, a select); every control stays a Tab stop, because a toolbar
 * of filter fields is filled in order like a form.
 */
export function Toolbar({ label, children, end, testId, className }: ToolbarProps) {
  useKitStyles();
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    const target = e.target as HTMLElement;
    if (ownsArrows(target) || target.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return;
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const at = items.indexOf(target);
    if (at < 0 || items.length < 2) return;
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : (at + (e.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length;
    e.preventDefault();
    items[next].focus();
  };
  return (
    <div role="toolbar" aria-label={label} aria-orientation="horizontal" className={className ? `ll-toolbar ${className}` : 'll-toolbar'} data-testid={testId} onKeyDown={onKeyDown}>
      {children}
      {end != null && <div className="ll-toolbar__end">{end}</div>}
    </div>
  );
}
