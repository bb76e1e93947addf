import { expect } from '@playwright/test';
import type { StaffApi } from './portal-flow';

/** The answers of a captured application: the primary applicant's names and any other field of the personal loan. */
export type CapturedAnswers = { firstName: string; lastName: string } & Record<string, string | number>;

/** Meera Iyer with her personal details and the loan terms complete. */
export const MEERA: CapturedAnswers = {
  firstName: 'Meera', lastName: 'Iyer', dateOfBirth: '05/03/1990', gender: 'Female', mobile: '9812345670', email: 'meera@example.com', panNumber: 'ABCDE1234F',
  loanAmount: 2010000, tenureMonths: 60, loanPurpose: 'Travel',
};

/**
 * A personal loan the staff user captures through the API (so it is theirs, in Data Entry, editable) with these
 * answers. Returns the application id.
 */
export async function captureLoan(staff: StaffApi, answers: CapturedAnswers = MEERA): Promise<string> {
  const res = await staff.post('/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: answers.firstName, lastName: answers.lastName }],
    customFields: answers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.application_id;
}

/**
 * An application cpa1 (`maker`) captures with these answers and releases, which the branch manager (`manager`)
 * assigns back to them: theirs, past Data Entry, with an ASSIGNED notification naming the step. Returns its id.
 */
export async function capturedAndAssignedBack(maker: StaffApi, manager: StaffApi, answers: CapturedAnswers): Promise<string> {
  const id = await captureLoan(maker, answers);
  expect((await maker.post('/v3/application/action/release', { application_id: id, verNum: 1 })).status).toBe(200);
  expect((await manager.post('/v3/application/action/assign', { application_id: id, verNum: 2, userName: 'cpa1' })).status).toBe(200);
  return id;
}
