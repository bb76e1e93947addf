import { render, screen } from '@testing-library/react';
import { PartyDone } from '../../src/features/parties/party-done';
import type { PortalApplication } from '../../src/api/portal-api';

// Issue 28: a co-applicant or guarantor who signed reads that their part is done and who submits, never the
// primary's "submitted" or "pay the fee".
const app = (primary: { firstName?: string; lastName?: string }): PortalApplication => ({
  application_id: 'APP-00000001',
  product_code: 'PL',
  application_status: 'ACTIVE',
  singleORjoint: 'Joint',
  applicant: [
    { applicantId: 'APP-00000001-P', type: 'primary', ...primary },
    { applicantId: 'APP-00000001-S1', type: 'secondary', firstName: 'Priya', lastName: 'Mehta', submittedAt: '2026-11-26T10:00:00.000Z' },
  ],
  customFields: {},
  progress: [],
  flowId: 'PL_FLOW',
  flowVerNum: 243,
  verNum: 7,
});

describe('a party who signed', () => {
  it("reads that their part is complete and who submits the application, by name", () => {
    const a = app({ firstName: 'Rahul', lastName: 'Sharma' });
    render(<PartyDone app={a} applicant={a.applicant[1]} />);
    expect(screen.getByRole('heading', { name: 'Your part is complete' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Priya Mehta, your part is complete. Rahul Sharma will submit the application.');
    expect(document.body.textContent).not.toMatch(/submitted|processing fee|APP-00000001-S1/i);
  });

  it('without the primary\'s name yet, says the main applicant submits', () => {
    const a = app({});
    render(<PartyDone app={a} applicant={a.applicant[1]} />);
    expect(screen.getByRole('status').textContent).toBe('Priya Mehta, your part is complete. The main applicant will submit the application.');
  });
});
