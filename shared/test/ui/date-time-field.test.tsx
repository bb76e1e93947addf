import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { DateTimeField } from '../../src/ui';

const focus = (el: HTMLElement) => act(() => el.focus());
/** What a keyboard user does: the key goes to whatever has focus. */
const press = (key: string) => {
  const target = document.activeElement ?? document.body;
  fireEvent.keyDown(target, { key });
  fireEvent.keyUp(target, { key });
};
/** Typing: react-aria reads each character from the segment's beforeinput event, as a browser sends it. */
const type = (text: string) =>
  [...text].forEach((data) => act(() => void (document.activeElement ?? document.body).dispatchEvent(new InputEvent('beforeinput', { data, inputType: 'insertText', bubbles: true, cancelable: true }))));
const names = () => screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label')?.split(',')[0]);

function Controlled({ initial = '', onValue, errorMessage }: { initial?: string; onValue?: (v: string) => void; errorMessage?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeField
      label="Review on"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
      errorMessage={errorMessage}
      testId="review-on"
    />
  );
}

afterEach(() => {
  document.documentElement.lang = '';
});

describe('DateTimeField', () => {
  test('one group named by its label: day, month, year, then hour, minute and AM/PM, the product\'s order', () => {
    render(<Controlled initial="2026-03-09T14:30" />);
    expect(screen.getByRole('group', { name: 'Review on' })).toBeTruthy();
    expect(names()).toEqual(['day', 'month', 'year', 'hour', 'minute', 'am/pm']);
    expect(screen.getAllByRole('spinbutton').map((s) => s.textContent)).toEqual(['09', '03', '2026', '2', '30', 'pm']);
  });

  test('typed from the keyboard, it reports the local date and time (no zone) once the time is filled too; p turns AM into PM', () => {
    const onValue = jest.fn();
    render(<Controlled onValue={onValue} />);
    focus(screen.getAllByRole('spinbutton')[0]);
    type('27112026');
    expect(onValue).not.toHaveBeenCalled(); // a date alone is not a value
    type('1015');
    expect(onValue).toHaveBeenLastCalledWith('2026-11-27T10:15');
    type('p');
    expect(onValue).toHaveBeenLastCalledWith('2026-11-27T22:15');
  });

  test('arrows step the focused segment', () => {
    const onValue = jest.fn();
    render(<Controlled initial="2026-03-09T09:45" onValue={onValue} />);
    focus(screen.getAllByRole('spinbutton')[3]);
    press('ArrowUp');
    expect(onValue).toHaveBeenLastCalledWith('2026-03-09T10:45');
  });

  test('an error is shown and marks the field invalid', () => {
    render(<Controlled initial="2026-03-09T09:45" errorMessage="Choose a time ahead" />);
    expect(screen.getByText('Choose a time ahead')).toBeTruthy();
    expect(screen.getAllByRole('spinbutton')[0].getAttribute('aria-invalid')).toBe('true');
  });

  test('on a Hindi page the segments are named in Hindi, in the same order', () => {
    document.documentElement.lang = 'hi';
    render(<Controlled initial="2026-03-09T14:30" />);
    const hindi = names();
    expect(hindi).toHaveLength(6);
    for (const n of hindi.slice(0, 5)) expect(n).toMatch(/[\u0900-\u097F]/);
    expect(hindi.slice(0, 3)).toEqual([new Intl.DisplayNames('hi-IN', { type: 'dateTimeField' }).of('day'), new Intl.DisplayNames('hi-IN', { type: 'dateTimeField' }).of('month'), new Intl.DisplayNames('hi-IN', { type: 'dateTimeField' }).of('year')]);
  });
});
