import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ConsentPurpose } from '@lendline/shared';
import { useLanguage, useT } from '@lendline/shared';
import { openLink, withdrawByLink, type Standing } from './consent-api';
import { NoticeCard } from './notice-card';

/**
 * /dynamic-resume/consent?application_id=…&token=…: the page the e-mails' withdrawal link opens. It shows the
 * applicant's consents with each notice and withdraws one with a single press (as easy as giving it); it never gives.
 */
export default function ConsentLinkPage() {
  const t = useT();
  const lang = useLanguage();
  const [query] = useSearchParams();
  const id = query.get('application_id');
  const token = query.get('token');
  const [standing, setStanding] = useState<Standing | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<ConsentPurpose | null>(null);
  useEffect(() => {
    if (!id || !token) return;
    openLink(id, token, lang).then(setStanding, () => setFailed(true));
  }, [id, token, lang]);
  if (!id || !token || failed) return <p role="alert">{t('consent.link.invalid', undefined, 'This link is invalid. Open it again from the e-mail, or from the status page of your application.')}</p>;
  if (!standing) return <p aria-busy="true">{t('portal.flow.loadingPage', undefined, 'Loading…')}</p>;
  const withdraw = async (purpose: ConsentPurpose) => {
    setBusy(purpose);
    try {
      setStanding(await withdrawByLink(id, token, lang, [purpose]));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="ll-consent-title">
      <h2 id="ll-consent-title">{t('consent.title', undefined, 'Your consents')}</h2>
      <p>{t('consent.link.intro', { id }, `Application ${id}. You can withdraw any consent here at any time.`)}</p>
      {standing.notices.map((n) => (
        <NoticeCard key={n.purpose} notice={n} record={standing.consents.find((c) => c.purpose === n.purpose)} busy={busy === n.purpose} onWithdraw={() => void withdraw(n.purpose)} />
      ))}
    </section>
  );
}
