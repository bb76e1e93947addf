import { render, screen } from '@testing-library/react';
import { DetailTabs } from '../src/features/detail/components/detail-tabs';
import { clearRemoteCache } from '../src/features/detail/components/remote-slot';
import { view } from './support/views';

beforeEach(() => {
  clearRemoteCache();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {}); // React logs errors its boundaries catch
});
afterEach(() => jest.restoreAllMocks());

const missing = (id: string) => Promise.reject(new Error(`${id}: the remote does not expose the requested module`));

describe('tab bodies come from mf-tasks at run time', () => {
  test('a tab whose expose does not exist says it is not available yet, with no made-up content', async () => {
    render(<DetailTabs view={view()} tabs={['worklogs', 'notes']} onChanged={() => {}} loader={missing} />);
    const notice = await screen.findByTestId('tab-unavailable');
    expect((notice).textContent).toContain('Worklogs is not available yet');
    expect((screen.getByRole('tab', { name: 'Worklogs' })).getAttribute('aria-selected')).toBe('true');
  });

  test('a module without a component counts as not available too', async () => {
    render(<DetailTabs view={view()} tabs={['queries']} onChanged={() => {}} loader={async () => ({})} />);
    expect((await screen.findByTestId('tab-unavailable')).textContent).toContain('Queries is not available yet');
  });

  test('when mf-tasks exposes the tab, its component renders with the application', async () => {
    const loader = jest.fn(async () => ({ default: ({ applicationId }: { applicationId: string }) => <p>notes of {applicationId}</p> }));
    render(<DetailTabs view={view()} tabs={['notes']} onChanged={() => {}} loader={loader} />);
    expect(await screen.findByText('notes of APP-1')).toBeTruthy();
    expect(loader).toHaveBeenCalledWith('mf_tasks/NotesTab');
  });

  test('the credit tab (issue 17) is a work tab whose body is mf-tasks\' CreditTab', async () => {
    const loader = jest.fn(async () => ({ default: () => <p>credit review</p> }));
    render(<DetailTabs view={view()} tabs={['worklogs', 'credit']} onChanged={() => {}} loader={loader} initial="credit" />);
    expect(await screen.findByText('credit review')).toBeTruthy();
    expect(loader).toHaveBeenCalledWith('mf_tasks/CreditTab');
    expect(screen.getByRole('tab', { name: 'Credit' }).getAttribute('aria-selected')).toBe('true');
  });
});
