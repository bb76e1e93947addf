import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip } from '../../src/ui';

describe('Tooltip', () => {
  test('keyboard focus shows it at once and it describes its trigger; Escape hides it', async () => {
    render(
      <Tooltip content="Who changed it and when">
        <button type="button" aria-label="History of Loan amount">
          ⟲
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'History of Loan amount' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    // react-aria shows tooltips on focus only for keyboard users: a Tab key press marks the modality.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    fireEvent.keyUp(document.body, { key: 'Tab' });
    act(() => button.focus());
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('Who changed it and when');
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.keyDown(button, { key: 'Escape' });
    fireEvent.keyUp(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
