import { act, fireEvent, render, screen } from '@testing-library/react';
import { AreaErrorBoundary } from '../../src/spa/area-error-boundary';

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error('render exploded');
  return <p>area content</p>;
}

test('a remote that throws while rendering shows the fallback, and Retry renders it again', () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <AreaErrorBoundary area="Tasks">
      <Flaky />
    </AreaErrorBoundary>,
  );
  expect(screen.getByRole('alert').textContent).toContain('The Tasks area could not be shown');
  expect(screen.getByRole('alert').textContent).toContain('render exploded');
  shouldThrow = false;
  act(() => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
  expect(screen.getByText('area content')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  spy.mockRestore();
});
