import { render, screen } from '@testing-library/react';
import { ApplicationSummary } from '../src/features/detail/components/application-summary';
import { clearRemoteCache } from '../src/features/detail/components/remote-slot';

const field = (key: string, type: string, label = key.replace(/^./, (c) => c.toUpperCase())) => ({ key, label, field_type_details: { type } });

// The seed's existing-customer sub-section and the personal one, as the flow configuration gives them.
const flow = {
  flowId: 'PL_FLOW', flowName: 'Personal loan', verNum: 243, mode: 'SAVED', flowType: 'CUST_FLOW', product_code: 'PL',
  sections: [
    {
      sectionId: 'S1', name: 'Applicant details', routeName: 's1',
      subSections: [
        { subSectionId: 'EXISTING', routeName: 'existing', components: [{ componentId: 'C1', fields: [field('customerId', 'text', 'Customer ID'), field('netBankingPassword', 'password', 'Net banking password'), field('existingCustomerOtp', 'otp', 'One-time password')] }] },
        { subSectionId: 'OTP', routeName: 'otp', components: [{ componentId: 'C2', fields: [field('mobileOtp', 'otp', 'OTP sent to your mobile')] }] },
        { subSectionId: 'PERSONAL', routeName: 'personal', fields: [field('firstName', 'text', 'First name'), field('mobile', 'text', 'Mobile number')] },
      ],
    },
    { sectionId: 'S2', name: 'Verification', routeName: 's2', subSections: [{ subSectionId: 'ONLY_OTP', routeName: 'only', fields: [field('code', 'otp', 'Code')] }] },
  ],
} as never;

// What a server could hold: the secrets' values included (the staff page must not show them either).
const values = { customerId: 'AB12CD34', netBankingPassword: 'hunter2', existingCustomerOtp: '123456', mobileOtp: { type: 'otp', isVerified: true }, code: '999999', firstName: 'Asha', mobile: '9876543210', otherPin: 'x', bankPassword: 'p' };

beforeEach(() => clearRemoteCache());

test("staff never get the customer's own secrets on the summary: no net-banking password or OTP, as a field or as a leftover value", () => {
  render(<ApplicationSummary applicationId="APP-1" flow={{ status: 'ready', flow }} values={values} editable={false} editing={new Set()} onEdit={() => {}} register={() => () => {}} report={() => {}} />);
  const text = screen.getByTestId('application-data').textContent ?? '';
  expect(text).toContain('Customer ID');
  expect(text).toContain('AB12CD34');
  expect(text).toContain('First name');
  for (const hidden of ['Net banking password', 'hunter2', 'One-time password', '123456', 'OTP sent to your mobile', 'Verification', '999999', 'Bank password']) expect(text).not.toContain(hidden);
  expect(screen.queryAllByTestId('summary-section').map((s) => s.getAttribute('data-section'))).toEqual(['S1']);
});

test("editing a section hands the portal's form no secret field, and no sub-section left empty by them", async () => {
  const seen: string[] = [];
  const Form = ({ sub, hideSave }: { sub: { subSectionId: string; fields?: { key: string }[]; components?: { fields: { key: string }[] }[] }; hideSave?: boolean }) => {
    const keys = [...(sub.fields ?? []), ...(sub.components ?? []).flatMap((c) => c.fields)].map((f) => f.key);
    seen.push(...keys);
    return <p>{`${sub.subSectionId}: ${keys.join(',')}${hideSave ? ' (saved by the page)' : ''}`}</p>;
  };
  render(<ApplicationSummary applicationId="APP-1" flow={{ status: 'ready', flow }} values={values} editable editing={new Set(['S1'])} onEdit={() => {}} register={() => () => {}} report={() => {}} loader={async () => ({ SectionForm: Form })} />);
  expect(await screen.findByText('EXISTING: customerId (saved by the page)')).toBeTruthy();
  expect(screen.getByText('PERSONAL: firstName,mobile (saved by the page)')).toBeTruthy();
  expect(screen.queryByText(/^OTP:/)).toBeNull();
  expect(seen).not.toContain('netBankingPassword');
  expect(seen.filter((k) => /otp|code/i.test(k))).toEqual([]);
});

test('while the form loads, no value shows under its key name; once it failed, they do', () => {
  const props = { applicationId: 'APP-1', values: { monthlyIncome: 150000 }, editable: false, editing: new Set<string>(), onEdit: () => {}, register: () => () => {}, report: () => {} };
  const { rerender } = render(<ApplicationSummary {...props} flow={{ status: 'loading', flow: null }} />);
  expect(screen.getByText('Loading the application form…')).toBeTruthy();
  expect(screen.queryByTestId('summary-other')).toBeNull();
  expect(screen.getByTestId('application-data').textContent).not.toContain('Monthly income');
  rerender(<ApplicationSummary {...props} flow={{ status: 'failed', flow: null }} />);
  expect(screen.getByTestId('summary-other').textContent).toContain('Monthly income');
});
