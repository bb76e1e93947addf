import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { TextArea } from '../../src/ui';

/** What a screen reader reads after the name: the texts aria-describedby points at. */
const description = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent).join(' ');

function Controlled(props: { maxLength?: number; errorMessage?: string; description?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TextArea
      label="Reason"
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onValue?.(v);
      }}
      maxLength={props.maxLength}
      errorMessage={props.errorMessage}
      description={props.description}
      testId="reason"
    />
  );
}

describe('TextArea', () => {
  test('is a multi-line text box named by its label; typing reports the text', () => {
    const onValue = jest.fn();
    render(<Controlled onValue={onValue} />);
    const box = screen.getByRole('textbox', { name: 'Reason' });
    expect(box.tagName).toBe('TEXTAREA');
    fireEvent.change(box, { target: { value: 'Customer abroad\nback on Monday' } });
    expect(onValue).toHaveBeenLastCalledWith('Customer abroad\nback on Monday');
    expect((box as HTMLTextAreaElement).value).toBe('Customer abroad\nback on Monday');
  });

  test('with a limit: the browser stops at it and the count follows the text, read as part of the description', () => {
    render(<Controlled maxLength={500} description="Kept in the worklog" />);
    const box = screen.getByRole('textbox', { name: 'Reason' });
    expect(box.getAttribute('maxlength')).toBe('500');
    expect(screen.getByTestId('reason-count').textContent).toBe('0/500');
    fireEvent.change(box, { target: { value: 'Travelling' } });
    expect(screen.getByTestId('reason-count').textContent).toBe('10/500');
    expect(description(box)).toBe('Kept in the worklog10/500');
  });

  test('without a limit there is no count', () => {
    render(<Controlled />);
    expect(screen.queryByTestId('reason-count')).toBeNull();
  });

  test('an error is shown under the field and marks it invalid for assistive tech', () => {
    render(<Controlled errorMessage="A reason is required" />);
    const box = screen.getByRole('textbox', { name: 'Reason' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('A reason is required')).toBeTruthy();
    expect(description(box)).toContain('A reason is required');
  });
});
