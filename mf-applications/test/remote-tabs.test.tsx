import { render, screen } from '@testing-library/react';
import { DetailTabs } from '../src/features/detail/components/detail-tabs';
import { FormHost } from '../src/features/detail/components/form-host';
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

  const flow = {
    flowId: 'PL_FLOW', flowName: 'Personal loan', verNum: 243, mode: 'SAVED', flowType: 'CUST_FLOW', product_code: 'PL',
    sections: [{ sectionId: 'S1', name: 'Applicant', routeName: 's1', subSections: [{ subSectionId: 'SS1', routeName: 'ss1', fields: [] }] }],
  } as never;

  test('the form from mf-portal: an honest state when SectionForm is not exposed', async () => {
    render(<FormHost flow={flow} values={{}} readOnly onChange={() => {}} onSave={async () => {}} loader={missing} />);
    expect((await screen.findByTestId('form-unavailable')).textContent).toContain('not available yet');
  });

  test('each sub-section renders through SectionForm with the values and read-only from the server flags', async () => {
    const Form = jest.fn(({ readOnly, sub, initialValues }: { readOnly: boolean; sub: { subSectionId: string }; initialValues: { loanAmount: number } }) => (
      <p>
        {sub.subSectionId} {readOnly ? 'read only' : 'editable'} {initialValues.loanAmount}
      </p>
    ));
    render(<FormHost flow={flow} values={{ loanAmount: 5 }} readOnly={false} onChange={() => {}} onSave={async () => {}} loader={async () => ({ SectionForm: Form })} />);
    expect(await screen.findByText('SS1 editable 5')).toBeTruthy();
  });
});
