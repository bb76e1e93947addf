import { render, screen } from '@testing-library/react';
import { DetailTabs } from '../src/features/detail/components/detail-tabs';
import type { ApplicationView } from '../src/features/detail/api/application';

// The task inbox links an item to /backstage/application?application_id=…&tab=<tab>: that tab opens first when §2 shows it.
const view = { application_id: 'APP-1', verNum: 1, currentTask: null } as unknown as ApplicationView;
const loader = async () => ({ default: () => <p>body</p> });

describe('detail tabs: the tab the address names', () => {
  test('opens the named tab when it is visible', () => {
    render(<DetailTabs view={view} tabs={['worklogs', 'notes', 'relatedTasks']} onChanged={() => {}} loader={loader} initial="notes" />);
    expect(screen.getByRole('tab', { name: 'Notes' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Worklogs' }).getAttribute('aria-selected')).toBe('false');
  });

  test('falls back to the first visible tab when §2 hides the named one (no sub-status: no queries tab)', () => {
    render(<DetailTabs view={view} tabs={['worklogs', 'notes']} onChanged={() => {}} loader={loader} initial="queries" />);
    expect(screen.getByRole('tab', { name: 'Worklogs' }).getAttribute('aria-selected')).toBe('true');
  });
});
