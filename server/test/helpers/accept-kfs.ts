import type { FastifyInstance } from 'fastify';

/**
 * Loan creation needs an accepted, unexpired Key Fact Statement of the current terms (issue 27; kfs.test.ts tests the
 * rule itself). Tests about what happens around money calls get one the way production does: staff issue it, the code
 * goes to the applicant (the sandbox notifier echoes it) and is entered. A bare test application whose applicant has no
 * mobile number or e-mail gets one first (a fixture, written directly), so the code has somewhere to go.
 */
export async function issueAndAcceptKfs(app: FastifyInstance, staffHeaders: Record<string, string>, applicationId: string): Promise<string> {
  await app.db.query(
    `UPDATE applications SET doc = jsonb_set(doc, '{applicant,0,mobile}', '"9876500001"')
      WHERE application_id = $1 AND coalesce(doc #>> '{applicant,0,mobile}', doc #>> '{applicant,0,email}') IS NULL`,
    [applicationId],
  );
  const issued = await app.inject({ method: 'POST', url: '/v3/kfs/issue', headers: staffHeaders, payload: { application_id: applicationId } });
  if (issued.statusCode !== 200) throw new Error(`KFS not issued: ${issued.body}`);
  const proposalNo = issued.json().data.proposalNo as string;
  const sent = await app.inject({ method: 'POST', url: '/v3/kfs/send-code', headers: staffHeaders, payload: { application_id: applicationId, proposalNo } });
  if (sent.statusCode !== 200) throw new Error(`KFS code not sent: ${sent.body}`);
  const accepted = await app.inject({ method: 'POST', url: '/v3/kfs/accept', headers: staffHeaders, payload: { application_id: applicationId, proposalNo, code: sent.json().data.sandboxCode } });
  if (accepted.statusCode !== 200 || accepted.json().data.accepted !== true) throw new Error(`KFS not accepted: ${accepted.body}`);
  return proposalNo;
}
