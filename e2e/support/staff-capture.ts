import { expect } from '@playwright/test';
import type { StaffApi } from './portal-flow';

/**
 * A personal loan the staff user captures through the API (so it is theirs, in Data Entry, editable), with Meera
 * Iyer's personal details and the loan terms complete. Returns the application id.
 */
export async function captureLoan(staff: StaffApi): Promise<string> {
  const res = await staff.post('/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Meera', lastName: 'Iyer' }],
    customFields: {
      firstName: 'Meera', lastName: 'Iyer', dateOfBirth: '05/03/1990', gender: 'Female', mobile: '9812345670', email: 'meera@example.com', panNumber: 'ABCDE1234F',
      loanAmount: 2010000, tenureMonths: 60, loanPurpose: 'Travel',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.application_id;
}
