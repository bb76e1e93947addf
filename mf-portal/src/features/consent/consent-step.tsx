import { useEffect, useState } from 'react';
import type { ConsentNotice, ConsentPurpose, ConsentRecord } from '@lendline/shared';
import { api, useLanguage, useT } from '@lendline/shared';
import { applyAppRef } from '../../lib/app-ref-store';
import { answer, CONSENT_API } from './consent-api';
import { NoticeCards } from './notice-card';

/**
 * The consent step of the flow (issue 27, DPDP Act 2023): before submitting, each applicant — the primary, every
 * co-applicant and guarantor on their own flow — reads the notice of each purpose in their language and consents or
 * not, one purpose at a time. Each press is a record (notice version, language, channel) the server keeps.
 */
export function ConsentStep({ applicationId, applicantId }: { applicationId: string; applicantId: string }) {
  const t = useT();
  const lang = useLanguage();
  const [notices, setNotices] = useState<ConsentNotice[] | null>(null);
  const [mine, setMine] = useState<ConsentRecord[]>([]);
  const [busy, setBusy] = useState<ConsentPurpose | null>(null);
  useEffect(() => {
    applyAppRef(applicationId);
    api
      .get<{ data: { consents: ConsentRecord[]; notices: ConsentNotice[] } }>(`${CONSENT_API.consents}?application_id=${encodeURIComponent(applicationId)}&lang=${encodeURIComponent(lang)}`)
      .then((r) => {
        setNotices(r.data.notices);
        setMine(r.data.consents.filter((c) => c.applicantId === applicantId));
      })
      .catch(() => setNotices(null));
  }, [applicationId, applicantId, lang]);
  if (!notices?.length) return null;
  const change = async (purpose: ConsentPurpose, given: boolean) => {
    setBusy(purpose);
    try {
      applyAppRef(applicationId);
      setMine((await answer(applicationId, applicantId, lang, { [purpose]: given })).consents);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="ll-consent-step" data-testid="consent-step">
      <h3 id="ll-consent-step">{t('consent.step.title', undefined, 'Your consent, purpose by purpose')}</h3>
      <p>{t('consent.step.intro', undefined, 'Read what each use of your data means and choose. You can withdraw any consent later from the status page of your application or the link in our e-mails.')}</p>
      <NoticeCards notices={notices} records={mine} busy={busy} onAnswer={(purpose, given) => void change(purpose, given)} />
    </section>
  );
}
