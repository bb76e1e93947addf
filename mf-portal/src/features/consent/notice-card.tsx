import type { ConsentNotice, ConsentPurpose, ConsentRecord } from '@lendline/shared';
import { useT } from '@lendline/shared';

/** One purpose's notice (what, why, who, how long, how to withdraw) with the applicant's standing answer and its action. */
export function NoticeCard({ notice, record, busy, onGive, onWithdraw }: {
  notice: ConsentNotice;
  record: ConsentRecord | undefined;
  busy: boolean;
  onGive?: () => void;
  onWithdraw?: () => void;
}) {
  const t = useT();
  const given = record?.given === true;
  const id = `ll-consent-${notice.purpose}`;
  return (
    <article className="ll-card" aria-labelledby={id} data-purpose={notice.purpose}>
      <h3 id={id}>{notice.title}</h3>
      <dl>
        <dt>{t('consent.notice.data', undefined, 'What data')}</dt>
        <dd>{notice.data}</dd>
        <dt>{t('consent.notice.why', undefined, 'Why')}</dt>
        <dd>{notice.why}</dd>
        <dt>{t('consent.notice.who', undefined, 'Who')}</dt>
        <dd>{notice.who}</dd>
        <dt>{t('consent.notice.retention', undefined, 'How long')}</dt>
        <dd>{notice.retention}</dd>
        <dt>{t('consent.notice.withdraw', undefined, 'How to withdraw')}</dt>
        <dd>{notice.withdraw}</dd>
      </dl>
      <p role="status">
        {record
          ? given
            ? t('consent.state.given', { date: record.at.slice(0, 10) }, `You consented on ${record.at.slice(0, 10)}.`)
            : t('consent.state.withdrawn', { date: record.at.slice(0, 10) }, `You withdrew this consent on ${record.at.slice(0, 10)}.`)
          : t('consent.state.none', undefined, 'You have not consented to this.')}
      </p>
      {given && onWithdraw && (
        <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={onWithdraw}>
          {t('consent.action.withdraw', undefined, 'Withdraw consent')}
        </button>
      )}
      {!given && onGive && (
        <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={onGive}>
          {t('consent.action.give', undefined, 'I consent')}
        </button>
      )}
    </article>
  );
}

/**
 * Every purpose's NoticeCard with the applicant's standing answer (their latest record of it), each giving or
 * withdrawing with one press (the consent step and the status page).
 */
export function NoticeCards({ notices, records, busy, onAnswer }: {
  notices: ConsentNotice[];
  records: ConsentRecord[];
  /** The purpose whose answer is being saved. */
  busy: ConsentPurpose | null;
  onAnswer(purpose: ConsentPurpose, given: boolean): void;
}) {
  return (
    <>
      {notices.map((n) => (
        <NoticeCard
          key={n.purpose}
          notice={n}
          record={records.find((c) => c.purpose === n.purpose)}
          busy={busy === n.purpose}
          onGive={() => onAnswer(n.purpose, true)}
          onWithdraw={() => onAnswer(n.purpose, false)}
        />
      ))}
    </>
  );
}
