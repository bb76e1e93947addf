import { changedElsewhere } from '../src/features/resume/changed-elsewhere';
import type { PortalApplication } from '../src/api/portal-api';

/** What a device kept offline against what another device saved meanwhile (continue later, issue 28). */
const app = (customFields: Record<string, unknown>): PortalApplication => ({
  application_id: 'APP-00000001',
  product_code: 'PL',
  application_status: 'ACTIVE',
  singleORjoint: 'Single',
  applicant: [{ applicantId: 'APP-00000001-P', type: 'primary' }],
  customFields,
  progress: [],
  flowId: 'PL_FLOW',
  flowVerNum: 1,
  verNum: 3,
});

describe('changedElsewhere', () => {
  const known = app({ loanAmount: 250000, purpose: 'Travel' });

  test('an answer the other device changed to something else than typed here is a conflict', () => {
    expect(changedElsewhere(known, app({ loanAmount: 300000, purpose: 'Travel' }), 'APP-00000001-P', { loanAmount: '275000', purpose: 'Travel' })).toEqual(['loanAmount']);
  });

  test('answers nobody else touched, or changed to the same value, merge without a conflict', () => {
    expect(changedElsewhere(known, app({ loanAmount: 250000, purpose: 'Travel', tenure: 24 }), 'APP-00000001-P', { loanAmount: '275000' })).toEqual([]);
    expect(changedElsewhere(known, app({ loanAmount: 275000, purpose: 'Travel' }), 'APP-00000001-P', { loanAmount: '275000' })).toEqual([]);
  });
});
