import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CONSENT_PURPOSES } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { isStaff } from '../../domain/current-user';
import { forbidden } from '../../domain/errors';
import { hashAppRef, heldParty, APP_REF_HEADER } from '../../domain/portal/customer-access';
import { linkKey } from '../../domain/portal/links';
import { currentNotices } from '../../domain/consent/notices';
import { applicantOf, consentHistory, recordConsents, standingConsents } from '../../domain/consent/records';
import { openConsentLink, sendConsentConfirmation } from '../../domain/consent/links';
import { findApplication } from '../../domain/applications/row';
import { AppId, errorReplies } from '../common/schemas';
import { ApplicantId } from './schemas';
import { applicationIdIn } from '../common/application-rules';
import { route } from '../common/route';

export const CONSENT_ROUTES = {
  notices: '/v3/portal/consent/notices',
  consents: '/v3/portal/consent',
  link: '/v3/portal/consent/link',
  withdrawal: '/v3/portal/consent/withdrawal',
} as const;

const Purpose = Type.Union(CONSENT_PURPOSES.map((p) => Type.Literal(p)));
const Lang = Type.Optional(Type.String({ pattern: '^[a-z]{2}$', description: 'en or hi; any other answers English' }));
const Text = Type.String({ maxLength: 2000 });
const Notice = Type.Object({ purpose: Purpose, version: Type.Integer(), lang: Type.String(), title: Text, data: Text, why: Text, who: Text, retention: Text, withdraw: Text });
const Record = Type.Object({
  applicantId: Type.String(), applicantType: Type.String(), purpose: Purpose, given: Type.Boolean(), noticeVersion: Type.Integer(), lang: Type.String(),
  channel: Type.Union([Type.Literal('PORTAL'), Type.Literal('LINK')]), at: Type.String({ format: 'date-time' }),
});
const Answers = Type.Object(Object.fromEntries(CONSENT_PURPOSES.map((p) => [p, Type.Optional(Type.Boolean())])), { additionalProperties: false, description: 'Each purpose answered: true gives, false withdraws' });
const Standing = Type.Object({ data: Type.Object({ applicantId: Type.String(), consents: Type.Array(Record), notices: Type.Array(Notice) }) }, { description: "The applicant's standing consents and the notices they answer" });
const onlyApplicant = () => forbidden('application_id', 'Only the applicant can give or withdraw consent: send them their link');

/**
 * Consent as records (issue 27, DPDP Act 2023): the notices per purpose, an applicant's consents given and withdrawn
 * in the portal (appRefId), withdrawn through the e-mails' signed link, and read by staff. Staff never give or withdraw
 * consent (403): it is the applicant's own act.
 */
const portalConsent: FastifyPluginAsyncTypebox<{ dataDir: string }> = async (app, opts) => {
  const key = linkKey(opts.dataDir);
  const originOf = (request: { protocol: string; headers: { host?: string } }) => `${request.protocol}://${request.headers.host ?? 'localhost'}`;

  app.get(CONSENT_ROUTES.notices, route.portal(null, 'The consent notices, one per purpose',
      'The current version of the notice of each purpose (bureau pull, bank-statement fetch, communication, sharing with the named partners) in the language asked for (en, hi): what data, why, who, how long, how to withdraw. Any signed-in caller.', {
      querystring: Type.Object({ lang: Lang }),
      response: { 200: Type.Object({ data: Type.Array(Notice) }), ...errorReplies },
    }), async (request) => {
    currentUser(request);
    return { data: await currentNotices(app.db, request.query.lang) };
  });

  app.get(CONSENT_ROUTES.consents, route.portal({ application: { id: applicationIdIn('query', 'application_id'), permission: 'read', customer: 'appRef', party: 'view' } }, "The application's consent records",
      'Every applicant\'s standing consent per purpose (the latest record) and the full history (given and withdrawn, with the notice version, language, channel and time). The customer with the appRefId; staff who may open the application (read-only).', {
      querystring: Type.Object({ application_id: AppId, lang: Lang }),
      response: { 200: Type.Object({ data: Type.Object({ consents: Type.Array(Record), history: Type.Array(Record), notices: Type.Array(Notice) }) }), ...errorReplies },
    }), async (request) => {
    const id = request.query.application_id;
    // A co-applicant's or guarantor's own appRefId reads their own records only (issue 28).
    const party = heldParty(currentUser(request));
    const mine = <T extends { applicantId: string }>(rows: T[]) => (party ? rows.filter((r) => r.applicantId === party) : rows);
    return { data: { consents: mine(await standingConsents(app.db, id)), history: mine(await consentHistory(app.db, id)), notices: await currentNotices(app.db, request.query.lang) } };
  });

  app.post(CONSENT_ROUTES.consents, route.portal({ application: { id: applicationIdIn('body', 'application_id'), permission: 'APPLICATIONS_ACTIONS', customer: 'appRef', party: 'own' } }, 'Give or withdraw consent, per purpose',
      'Records one applicant\'s answers (the primary when applicantId is absent), each against the current notice version in their language, with the channel (LINK when the device opened an applicant link, else PORTAL) and an audit row; a given consent is confirmed by e-mail with the withdrawal link. Only the customer with the appRefId: staff 403. 404 for an unknown applicant.', {
      body: Type.Object({ application_id: AppId, applicantId: Type.Optional(ApplicantId), lang: Lang, purposes: Answers }),
      response: { 200: Standing, ...errorReplies },
    }), async (request) => {
    if (isStaff(currentUser(request))) throw onlyApplicant();
    const b = request.body;
    const application = request.application!;
    const ref = request.headers[APP_REF_HEADER.toLowerCase()];
    const { rows } = await app.db.query<{ issued_for: string }>(`SELECT issued_for FROM application_refs WHERE ref_hash = $1`, [hashAppRef(String(ref))]);
    const channel = rows[0]?.issued_for === 'LINK' ? 'LINK' : 'PORTAL';
    const before = (await standingConsents(app.db, application.application_id)).filter((r) => r.applicantId === b.applicantId || (!b.applicantId && r.applicantType === 'primary'));
    const consents = await app.db.transaction((tx) => recordConsents(tx, application, { applicantId: b.applicantId, lang: b.lang, purposes: b.purposes, channel }, currentUser(request).userName));
    const notices = await currentNotices(app.db, b.lang);
    const applicant = applicantOf(application, b.applicantId);
    const newlyGiven = consents.filter((c) => c.given && !before.some((w) => w.purpose === c.purpose && w.given));
    const titles = newlyGiven.map((c) => notices.find((n) => n.purpose === c.purpose)?.title ?? c.purpose);
    await sendConsentConfirmation(app.notifier, key, application, applicant, originOf(request), titles);
    return { data: { applicantId: applicant.applicantId, consents, notices } };
  });

  const LinkBody = { application_id: AppId, token: Type.String({ minLength: 1, maxLength: 2000, description: 'The token of the withdrawal link in the e-mail' }), lang: Lang };

  app.post(CONSENT_ROUTES.link, route.portal({ application: { id: applicationIdIn('body', 'application_id'), permission: 'read', customer: 'credential' } }, "Open an applicant's consents from the e-mail's withdrawal link",
      'The signed link (no appRefId needed: the token is the proof) answers that applicant\'s standing consents and the notices. 400/1101 for a token this server did not issue or of another application.', {
      body: Type.Object(LinkBody),
      response: { 200: Standing, ...errorReplies },
    }), async (request) => {
    if (isStaff(currentUser(request))) throw onlyApplicant();
    const b = request.body;
    const { applicantId } = openConsentLink(key, b.token, b.application_id);
    const consents = (await standingConsents(app.db, b.application_id)).filter((r) => r.applicantId === applicantId);
    return { data: { applicantId, consents, notices: await currentNotices(app.db, b.lang) } };
  });

  app.post(CONSENT_ROUTES.withdrawal, route.portal({ application: { id: applicationIdIn('body', 'application_id'), permission: 'APPLICATIONS_ACTIONS', customer: 'credential' } }, 'Withdraw consent through the e-mail\'s link',
      'Withdraws the purposes named for the link\'s applicant (channel LINK, audit row). The link can only withdraw, never give. A withdrawn bureau consent stops new bureau pulls; a report already pulled stays. Staff 403.', {
      body: Type.Object({ ...LinkBody, purposes: Type.Array(Purpose, { minItems: 1, maxItems: CONSENT_PURPOSES.length, uniqueItems: true }) }),
      response: { 200: Standing, ...errorReplies },
    }), async (request) => {
    if (isStaff(currentUser(request))) throw onlyApplicant();
    const b = request.body;
    const { applicantId } = openConsentLink(key, b.token, b.application_id);
    const row = await findApplication(app.db, b.application_id);
    const purposes = Object.fromEntries(b.purposes.map((p) => [p, false]));
    const consents = await app.db.transaction((tx) => recordConsents(tx, row, { applicantId, lang: b.lang, purposes, channel: 'LINK' }, currentUser(request).userName));
    return { data: { applicantId, consents, notices: await currentNotices(app.db, b.lang) } };
  });
};
export default portalConsent;
