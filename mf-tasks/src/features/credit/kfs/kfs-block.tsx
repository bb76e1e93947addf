import { useEffect, useState } from 'react';
import { useT } from '@lendline/shared';
import { Select, Toolbar } from '@lendline/shared/ui';
import { useKfsStore, type StaffKfs } from './kfs-store';

const inr = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

const FEE_NAMES: Record<string, string> = { PROCESSING: 'Processing', DOCUMENTATION: 'Documentation', INSURANCE: 'Insurance', THIRD_PARTY: 'Third party' };

const STATE_TEXT: Record<StaffKfs['state'], string> = {
  ISSUED: 'Issued, waiting for the applicant to accept it',
  ACCEPTED: 'Accepted by the applicant',
  EXPIRED: 'Expired before it was accepted: issue a new one',
  TERMS_CHANGED: 'The terms changed since it was issued: issue a new one',
  SUPERSEDED: 'Superseded',
};

/**
 * The Credit tab's Key Fact Statement block (issue 27), read-only but for issuing: the priced terms (rate, EMI, fees,
 * APR, total payable, schedule) and the statement's state. The loan can be created only once it is accepted.
 */
export function KfsBlock({ applicationId, onChanged }: { applicationId: string; onChanged?: () => void }) {
  const t = useT();
  const { kfs, loaded, failed, busy, load, issue } = useKfsStore();
  const [lang, setLang] = useState<'en' | 'hi'>('en');
  useEffect(() => {
    void load(applicationId);
  }, [applicationId, load]);
  const onIssue = async () => {
    if (await issue(lang)) onChanged?.();
  };
  return (
    <div data-testid="credit-kfs">
      <h3>{t('kfs.title', undefined, 'Key Fact Statement')}</h3>
      {!loaded ? (
        <p aria-busy="true">{t('kfs.loading', undefined, 'Loading…')}</p>
      ) : failed ? (
        <p role="alert">{t('kfs.failed', undefined, 'The Key Fact Statement could not be loaded.')}</p>
      ) : !kfs ? (
        <p>{t('kfs.none', undefined, 'None issued. The loan can be created only after the applicant accepts one.')}</p>
      ) : (
        <>
          <p data-testid="credit-kfs-state">
            {kfs.proposalNo} · {t(`kfs.state.${kfs.state}`, undefined, STATE_TEXT[kfs.state])}
            {kfs.acceptance ? ` · ${t('kfs.acceptedOn', { date: day(kfs.acceptance.at), to: kfs.acceptance.sentTo }, `accepted ${day(kfs.acceptance.at)} by one-time code to ${kfs.acceptance.sentTo}`)}` : ` · ${t('kfs.validUntil', { date: day(kfs.validUntil) }, `valid until ${day(kfs.validUntil)}`)}`}
          </p>
          <dl className="ll-facts">
            <dt>{t('kfs.rate', undefined, 'Interest rate')}</dt>
            <dd>{`${kfs.terms.ratePercent.toFixed(2)} %`}</dd>
            <dt>{t('kfs.emi', undefined, 'EMI')}</dt>
            <dd>{inr(kfs.terms.emi)}</dd>
            <dt>{t('kfs.fees', undefined, 'Fees')}</dt>
            <dd>{kfs.terms.fees.map((f) => `${t(`kfs.fee.${f.code}`, undefined, FEE_NAMES[f.code])} ${inr(f.amount)}`).join(' · ') || '—'}</dd>
            <dt>{t('kfs.apr', undefined, 'APR')}</dt>
            <dd data-testid="credit-kfs-apr">{`${kfs.terms.apr.toFixed(2)} %`}</dd>
            <dt>{t('kfs.totalPayable', undefined, 'Total payable')}</dt>
            <dd>{inr(kfs.terms.totalPayable)}</dd>
          </dl>
          <details>
            <summary>{t('kfs.schedule', { n: kfs.terms.schedule.length }, `Repayment schedule (${kfs.terms.schedule.length} instalments)`)}</summary>
            <table>
              <thead>
                <tr><th>#</th><th>{t('kfs.date', undefined, 'Due')}</th><th>{t('kfs.principal', undefined, 'Principal')}</th><th>{t('kfs.interest', undefined, 'Interest')}</th><th>{t('kfs.balance', undefined, 'Balance')}</th></tr>
              </thead>
              <tbody>
                {kfs.terms.schedule.map((r) => (
                  <tr key={r.no}><td>{r.no}</td><td>{day(r.date)}</td><td>{inr(r.principal)}</td><td>{inr(r.interest)}</td><td>{inr(r.balance)}</td></tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
      <Toolbar label={t('kfs.tools', undefined, 'Key Fact Statement')}>
        <Select
          label={t('kfs.language', undefined, 'Language')}
          value={lang}
          onChange={(id) => setLang(id as 'en' | 'hi')}
          // Each language by its own name, marked as written in it (as the language picker does).
          options={[{ id: 'en', label: 'English', lang: 'en' }, { id: 'hi', label: 'हिन्दी', lang: 'hi' }]}
          testId="credit-kfs-language"
        />
        <button type="button" disabled={busy || kfs?.state === 'ACCEPTED'} onClick={onIssue} data-testid="credit-kfs-issue">
          {kfs ? t('kfs.reissue', undefined, 'Issue a new Key Fact Statement') : t('kfs.issue', undefined, 'Issue Key Fact Statement')}
        </button>
      </Toolbar>
    </div>
  );
}
