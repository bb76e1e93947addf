import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, APPLICATIONS, OTHER, useT } from '@lendline/shared';
import { isApplicantLinkExpired, parseApplicantLink } from './email-link';
import { rememberAppRef } from '../../lib/app-ref-store';

/**
 * /dynamic-resume?appDetails=…: an applicant's own link. The link is decrypted by the server, its five parts and
 * validity checked here (§5: out of validity or missing parts → /expired-link, a shell page), the e-mail verified
 * (POST /v3/application/verify), then the flow continues for that applicant where they left off — on any device.
 * /dynamic-resume?application_id=… continues an application already open in this browser.
 */
export default function ResumePage() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const appDetails = query.get('appDetails');
    const direct = query.get('application_id');
    const leave = (path: string) => {
      // /expired-link and /invalidURL belong to the shell: a full navigation lets its router take over.
      window.history.replaceState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    };
    if (!appDetails) {
      if (direct) navigate(`/newapplication/start?application_id=${encodeURIComponent(direct)}`, { replace: true });
      else setProblem(t('portal.resume.noLink', undefined, 'Open the link from your e-mail to continue your application.'));
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
  return problem ? <p role="alert">{problem}</p> : <p aria-busy="true">{t('portal.resume.checking', undefined, 'Checking your link…')}</p>;
}
