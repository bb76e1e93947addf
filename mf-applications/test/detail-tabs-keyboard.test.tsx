import { act, fireEvent, render, screen } from '@testing-library/react';
import { DetailTabs } from '../src/features/detail/components/detail-tabs';
import type { ApplicationView } from '../src/features/detail/api/application';

// The work tabs are the UI kit's: the keys a keyboard user relies on, and each body mounted only while its tab is open.
const view = { application_id: 'APP-1', verNum: 1, currentTask: null } as unknown as ApplicationView;
const loader = async (id: string) => ({ default: () => <p>body of {id}</p> });

const press = (key: string) => {
  const target = document.activeElement ?? document.body;
  fireEvent.keyDown(target, { key });
  fireEvent.keyUp(target, { key });
};
const selected = () => screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true').map((tab) => tab.textContent);

test('ArrowRight, ArrowLeft, Home and End move focus and selection; the panel follows and is named by its tab', async () => {
  render(<DetailTabs view={view} tabs={['worklogs', 'notes', 'relatedTasks']} onChanged={() => {}} loader={loader} />);
  expect(screen.getByRole('tablist', { name: 'Work on this application' })).toBeTruthy();
  const worklogs = screen.getByRole('tab', { name: 'Worklogs' });
  act(() => worklogs.focus());
  press('ArrowRight');
  expect(selected()).toEqual(['Notes']);
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Notes' }));
  expect(await screen.findByText('body of mf_tasks/NotesTab')).toBeTruthy();
  expect(screen.getByRole('tabpanel', { name: 'Notes' })).toBeTruthy();
  press('End');
  expect(selected()).toEqual(['Related tasks']);
  press('Home');
  expect(selected()).toEqual(['Worklogs']);
  press('ArrowLeft'); // wraps to the last, as the hand-made list did
  expect(selected()).toEqual(['Related tasks']);
  expect(await screen.findByText('body of mf_tasks/RelatedTasksTab')).toBeTruthy();
  expect(screen.queryByText('body of mf_tasks/NotesTab')).toBeNull();
  // One tab stop for the list: only the selected tab is in the page's Tab order.
  expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);
});
