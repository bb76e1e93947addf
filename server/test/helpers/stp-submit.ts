import type { FastifyInstance } from 'fastify';
import { aesEncrypt } from '../../src/crypto/aes';
import { findApplication } from '../../src/domain/applications/row';
import { recordConsents } from '../../src/domain/consent/records';
import { loginAs } from './login';

/**
 * A personal-loan application as the portal submits it (straight-through tests): started by the customer account
 * (first task in the branch queue, nobody holding it), the applicant's answers in place, the consents given as the
 * portal records them, then the last step saved with submit — the real submission path.
 */
export async function portalSubmit(app: FastifyInstance, answers: Record<string, unknown>, consents: { BUREAU_PULL?: boolean; BANK_STATEMENT?: boolean } = { BUREAU_PULL: true, BANK_STATEMENT: true }) {
  const customer = await loginAs(app, 'portal-customer');
  const token = customer.session.access_token as string;
  const send = (body: unknown, appRefId?: string) =>
    app.inject({
      method: 'POST', url: '/v3/application/consumer/save_or_update',
      headers: { ...customer.headers, ...(appRefId ? { appRefId } : {}), 'content-type': 'application/json', 'x-lendline-encrypted': 'aes-cbc' },
      payload: { data: aesEncrypt(JSON.stringify(body), token) },
    });
  const created = await send({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Single' });
  if (created.statusCode !== 201) throw new Error(`create: ${created.body}`);
  const id = created.json().data.application_id as string;
  const appRefId = created.json().appRefId as string;
  const values = { firstName: 'Asha', lastName: 'Rao', dateOfBirth: '15/08/1990', gender: 'Female', mobile: '9876543210', email: 'asha@example.com', employmentType: 'Salaried', employerName: 'Acme Ltd', monthlyIncome: 150000, loanAmount: 300000, tenureMonths: 36,
    // What the rest of the flow would have recorded, so the Data Entry step's mandatory checks pass as after a real journey.
    loanPurpose: 'Travel', yearsInCurrentJob: 3, mobileOtp: { recipient: '9876543210', isVerified: true }, kycDocuments: { uploadedDocuments: [{ fileId: 'f1' }] },
    incomeDocuments: { uploadedDocuments: [{ fileId: 'f2' }] }, applicantSignature: { fileId: 'f3' }, accountNumber: '501234567890', ifsc: 'SBIN0004321', ...answers };
  await app.db.query(
    `UPDATE applications SET custom_fields = custom_fields || $2::jsonb, loan_amount = $3, applicant_name = $4,
            doc = jsonb_set(doc, '{applicant,0}', (doc->'applicant'->0) || $2::jsonb) WHERE application_id = $1`,
    [id, JSON.stringify(values), values.loanAmount, `${values.firstName} ${values.lastName}`],
  );
  await recordConsents(app.db, await findApplication(app.db, id), { purposes: consents, channel: 'PORTAL', lang: 'en' }, 'portal-customer');
  const done = await send({ application_id: id, section_id: 'PL_review', sub_section_id: 'PL_summary', values: { declaration: true }, submit: true }, appRefId);
  if (done.statusCode !== 200 || done.json().submitted !== true) throw new Error(`submit: ${done.body}`);
  return { id, appRefId, customer };
}
