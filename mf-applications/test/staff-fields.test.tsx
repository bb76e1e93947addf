import { render, screen } from '@testing-library/react';
import { FormHost } from '../src/features/detail/components/form-host';

const field = (key: string, type: string) => ({ key, label: key, field_type_details: { type } });

// The seed's existing-customer sub-section and the personal one, as the flow configuration gives them.
const flow = {
  flowId: 'PL_FLOW', flowName: 'Personal loan', verNum: 243, mode: 'SAVED', flowType: 'CUST_FLOW', product_code: 'PL',
  sections: [
    {
      sectionId: 'S1', name: 'Applicant details', routeName: 's1',
      subSections: [
        { subSectionId: 'EXISTING', routeName: 'existing', components: [{ componentId: 'C1', fields: [field('customerId', 'text'), field('netBankingPassword', 'password'), field('existingCustomerOtp', 'otp')] }] },
        { subSectionId: 'OTP', routeName: 'otp', components: [{ componentId: 'C2', fields: [field('mobileOtp', 'otp')] }] },
        { subSectionId: 'PERSONAL', routeName: 'personal', fields: [field('firstName', 'text'), field('mobile', 'text')] },
      ],
    },
    { sectionId: 'S2', name: 'Verification', routeName: 's2', subSections: [{ subSectionId: 'ONLY_OTP', routeName: 'only', fields: [field('code', 'otp')] }] },
  ],
} as never;

test("staff never get the customer's own secrets: no net-banking password or OTP field, no section left empty by them", async () => {
  const seen: string[] = [];
  const Form = ({ sub }: { sub: { subSectionId: string; fields?: { key: string }[]; components?: { fields: { key: string }[] }[] } }) => {
    const keys = [...(sub.fields ?? []), ...(sub.components ?? []).flatMap((c) => c.fields)].map((f) => f.key);
    seen.push(...keys);
    return <p>{`${sub.subSectionId}: ${keys.join(',')}`}</p>;
  };
  render(<FormHost flow={flow} values={{}} readOnly onChange={() => {}} onSave={async () => {}} loader={async () => ({ SectionForm: Form })} />);
  expect(await screen.findByText('EXISTING: customerId')).toBeTruthy();
  expect(screen.getByText('PERSONAL: firstName,mobile')).toBeTruthy();
  expect(screen.queryByText(/^OTP:/)).toBeNull();
  expect(screen.queryByText('Verification')).toBeNull();
  expect(seen).not.toContain('netBankingPassword');
  expect(seen.filter((k) => /otp|code/i.test(k))).toEqual([]);
});
