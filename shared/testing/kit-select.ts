import { fireEvent, screen, within } from '@testing-library/react';

/**
 * Test helper for the remotes' jsdom suites (mapped as @lendline/shared/testing in tsconfig.base.json and
 * tools/jest/jsdom-config.js; never part of the built package).
 *
 * The UI kit's Select in jsdom, found as a person finds it: the button whose accessible name ends with its label
 * (react-aria names it "<chosen value> <label>"). Choosing goes through the hidden native select react-aria keeps in
 * step with the listbox (jsdom has no layout for its popover); what the button then shows is what a person sees.
 */
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function kitSelect(label: string, scope: HTMLElement = document.body) {
  const button = within(scope).getByRole('button', { name: new RegExp(`(^|\\s)${esc(label)}$`) });
  const native = button.closest('.ll-ui-field')!.querySelector('select')!;
  return {
    button,
    /** The option keys offered, in order (react-aria's leading empty option left out). */
    values: () => [...native.options].map((o) => o.value).filter(Boolean),
    /** The option texts offered, in order. */
    labels: () => [...native.options].filter((o) => o.value).map((o) => o.textContent),
    /** The text the button shows (the chosen option). */
    shown: () => button.querySelector('.react-aria-SelectValue')?.textContent ?? '',
    choose: (value: string) => fireEvent.change(native, { target: { value } }),
    /** The option texts as the opened listbox shows them (opened with ArrowDown, closed with Escape). */
    offered: () => {
      fireEvent.keyDown(button, { key: 'ArrowDown' });
      const names = screen.getAllByRole('option').map((o) => o.textContent);
      fireEvent.keyDown(document.activeElement ?? button, { key: 'Escape' });
      return names;
    },
  };
}

