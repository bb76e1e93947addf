import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime, useT } from '@lendline/shared';
import type { FormValues, SubSection } from '@lendline/shared/form-engine';
import { FieldServicesContext, type FieldServices } from '../features/fields/field-services';
import { SectionForm } from '../features/fields/section-form';
import { answerBody, fetchAsked, PendingFiles, sendAnswer, type AskedFields } from '../features/request-info/answer';

/**
 * /dynamic-resume/request-info?application_id=…&rfi=…: the page a request for information's link opens, made for a
 * phone. It shows only the fields and documents the bank asked for, pre-filled, in the portal's own form (the same
 * §5 rules the server runs again), and sends the answer once. A link that no longer opens (expired, answered, sent
 * again, withdrawn, another application's) goes to the §2 invalid-URL page: the reason is not told.
 */
export default function RequestInfoPage() {
  const t = useT();
  const [query] = useSearchParams();
  const applicationId = query.get('application_id') ?? '';
  const secret = query.get('rfi') ?? '';
  const [asked, setAsked] = useState<AskedFields | null>(null);
  const [done, setDone] = useState(false);
  const pending = useRef(new PendingFiles());

  useEffect(() => {
    const invalid = () => {
      // /invalidURL belongs to the shell: a history change lets its router take over.
      window.history.replaceState(null, '', '/invalidURL');
      window.dispatchEvent(new PopStateEvent('popstate'));
    };
    if (!applicationId || !secret) return invalid();
    fetchAsked(applicationId, secret).then(setAsked, invalid);
  }, [applicationId, secret]);

  const sub: SubSection | null = useMemo(
    () => (asked ? { subSectionId: 'REQUEST_INFO', routeName: 'request-info', components: [{ componentId: 'REQUEST_INFO', fields: [...asked.fields, ...asked.documents] }] } : null),
    [asked],
  );
  const services: FieldServices = useMemo(
    () => ({ applicationId, applicantType: 'primary', uploadFile: async (file: File) => pending.current.add(file) }),
    [applicationId],
  );

  async function save(values: FormValues) {
    if (!asked) return;
    try {
      await sendAnswer(await answerBody(asked, secret, values, pending.current));
      setDone(true);
    } catch {
      // §8: the shell's error modal lists what the server refused ('label - reason'); the form stays as it was.
    }
  }

  if (done)
    return (
      <section className="ll-rfi" data-testid="rfi-done">
        <h2>{t('queries.portal.thanks', undefined, 'Thank you')}</h2>
        <p role="status">{t('queries.portal.sent', undefined, 'Your answers were sent to the bank. You can close this page.')}</p>
      </section>
    );
  if (!asked || !sub) return <p aria-busy="true">{t('queries.portal.checking', undefined, 'Checking your link…')}</p>;
  return (
    <section className="ll-rfi" aria-labelledby="ll-rfi-title" data-testid="rfi-page">
      <h2 id="ll-rfi-title">
        {asked.applicantFirstName
          ? t('queries.portal.titleNamed', { name: asked.applicantFirstName }, '{name}, we need a few more details')
          : t('queries.portal.title', undefined, 'We need a few more details')}
      </h2>
      <p className="ll-rfi-message" data-testid="rfi-message">
        {asked.message}
      </p>
      <p className="ll-muted">
        {t('queries.portal.validUntil', { id: asked.application_id, time: formatDateTime(asked.expiresAt) }, 'Application {id} · this link works once, until {time}.')}
      </p>
      <FieldServicesContext.Provider value={services}>
        <SectionForm sub={sub} initialValues={asked.values} onSave={save} saveLabel={t('queries.portal.submit', undefined, 'Send my answers')} />
      </FieldServicesContext.Provider>
    </section>
  );
}
