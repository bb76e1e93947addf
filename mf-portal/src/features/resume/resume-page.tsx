import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, APPLICATIONS, OTHER, useT } from '@lendline/shared';
import { isApplicantLinkExpired, parseApplicantLink } from './email-link';
import { appRefOf, rememberAppRef } from '../../lib/app-ref-store';
import { isContinueLink, type Opened } from './continue-later-api';
import { ContinueCode } from './continue-code';
import { RequestLinkForm } from './request-link-form';

/**
 * /dynamic-resume?appDetails=…: an applicant's own link. The link is decrypted by the server, its five parts and
 * validity checked here (§5: out of validity or missing parts → /expired-link, a shell page), the e-mail verified
 * (POST /v3/application/verify), then the flow continues for that applicant where they left off — on any device.
 * /dynamic-resume?application_id=… continues an application already open in this browser.
 * A "save and continue later" link (issue 28) needs one more proof: a code to the application's recorded mobile
 * (ContinueCode), then it lands on the step that was left. Without a link, or on a device that holds no reference
 * for the application, the page offers to send the link again by mobile or e-mail (RequestLinkForm).
 */
export default function ResumePage() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const [askLink, setAskLink] = useState(false);
  const [needsCode, setNeedsCode] = useState<{ applicationId: string; verificationId: string } | null>(null);
  useEffect(() => {
    const appDetails = query.get('appDetails');
    const direct = query.get('application_id');
    const leave = (path: string) => {
      // /expired-link and /invalidURL belong to the shell: a full navigation lets its router take over.
      window.history.replaceState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    };
    if (!appDetails) {
      // Another browser holds no reference for the application: its own link (sent again on request) opens it here.
      if (direct && appRefOf(direct)) navigate(`/newapplication/start?application_id=${encodeURIComponent(direct)}`, { replace: true });
      else setAskLink(true);
      return;
    }
    (async () => {
      let link;
      try {
        const reply = await api.post<{ data: string }>(OTHER.decryption, { decryptMsg: appDetails }, { silent: true });
        link = parseApplicantLink(reply.data);
      } catch {
        return leave('/invalidURL');
      }
      if (!link || isApplicantLinkExpired(link, Date.now())) return leave('/expired-link');
      if (isContinueLink(link.verificationId)) return setNeedsCode({ applicationId: link.applicationId, verificationId: link.verificationId });
      try {
        const v = await api.post<{ data: { applicantId: string }; appRefId?: string }>(APPLICATIONS.verify, { application_id: link.applicationId, emailVerificationId: link.verificationId });
        // The verified link proves possession: its appRefId opens the application on this device from now on.
        if (v.appRefId) rememberAppRef(link.applicationId, v.appRefId);
        const q = new URLSearchParams({ application_id: link.applicationId, applicant: v.data.applicantId });
        navigate(`/newapplication/start?${q.toString()}`, { replace: true });
      } catch (e) {
        setProblem(e instanceof Error ? e.message : String(e));
      }
    })();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const opened = (applicationId: string) => (o: Opened) => {
    if (o.appRefId) rememberAppRef(applicationId, o.appRefId);
    const q = new URLSearchParams({ application_id: applicationId, ...(o.data.applicantId ? { applicant: o.data.applicantId } : {}), ...(o.data.route && o.data.sectionId ? { section: o.data.sectionId } : {}) });
    navigate(`/newapplication/${o.data.route && o.data.sectionId ? encodeURIComponent(o.data.route) : 'start'}?${q.toString()}`, { replace: true });
  };
  if (problem) return <p role="alert">{problem}</p>;
  if (askLink) return <RequestLinkForm />;
  if (needsCode) return <ContinueCode applicationId={needsCode.applicationId} verificationId={needsCode.verificationId} onOpened={opened(needsCode.applicationId)} />;
  return <p aria-busy="true">{t('portal.resume.checking', undefined, 'Checking your link…')}</p>;
}
