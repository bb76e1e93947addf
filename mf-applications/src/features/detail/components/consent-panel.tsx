import { useEffect, useState } from 'react';
import { formatDateTime, labelOf, useLanguage, useT } from '@lendline/shared';
import { fetchConsents, type ConsentsReply } from '../api/consents';

/**
 * The applicant's consents (issue 27), read-only: who, which purpose, given or withdrawn, when, the notice version and
 * how (portal or link). Staff never give or withdraw them; the applicant does, in the portal or from the e-mail's link.
 */
export function ConsentPanel({ applicationId, verNum }: { applicationId: string; verNum: number }) {
  const t = useT();
  const lang = useLanguage();
  const [reply, setReply] = useState<ConsentsReply | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    fetchConsents(applicationId, lang, ctl.signal)
      .then(setReply)
      .catch(() => setReply(null));
    return () => ctl.abort();
  }, [applicationId, verNum, lang]);
  if (!reply) return null;
  const title = (purpose: string) => reply.notices.find((n) => n.purpose === purpose)?.title ?? purpose;
  return (
    <section className="ll-notice" aria-labelledby="ll-consents-title" data-testid="consent-panel">
      <h3 id="ll-consents-title">{t('consent.staff.title', undefined, 'Consents')}</h3>
      {reply.consents.length === 0 ? (
        <p>{t('consent.staff.none', undefined, 'No applicant has recorded a consent yet. Only the applicant gives it: send them their link.')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('consent.staff.applicant', undefined, 'Applicant')}</th>
              <th scope="col">{t('consent.staff.purpose', undefined, 'Purpose')}</th>
              <th scope="col">{t('consent.staff.state', undefined, 'State')}</th>
              <th scope="col">{t('consent.staff.when', undefined, 'When')}</th>
              <th scope="col">{t('consent.staff.version', undefined, 'Notice')}</th>
            </tr>
          </thead>
          <tbody>
            {reply.consents.map((c) => (
              <tr key={`${c.applicantId}-${c.purpose}`} data-testid="consent-row">
                <td>{`${c.applicantId} (${labelOf('applicantType', c.applicantType)})`}</td>
                <td>{title(c.purpose)}</td>
                <td>{c.given ? t('consent.staff.given', undefined, 'Given') : t('consent.staff.withdrawn', undefined, 'Withdrawn')}</td>
                <td>{formatDateTime(c.at)}</td>
                <td>{t('consent.staff.noticeVersion', { version: c.noticeVersion, lang: t(`consentRecordWording.language.${c.lang}`, undefined, c.lang), channel: t(`consentRecordWording.channel.${c.channel}`, undefined, c.channel) }, `Notice v${c.noticeVersion} (${c.lang}), ${c.channel}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
