import { useT } from '@lendline/shared';
import { OneTimeCode } from '../../ui/one-time-code';
import { acceptKfs, sendKfsCode } from './kfs-api';

/** Accepting with a one-time code sent to the mobile number (or e-mail) the applicant gave: send, then enter it. */
export function KfsAccept({ applicationId, proposalNo, onAccepted }: { applicationId: string; proposalNo: string; onAccepted: () => void }) {
  const t = useT();
  return (
    <div className="ll-kfs__accept">
      <OneTimeCode
        id="ll-kfs-code"
        intro={<p>{t('pricing.kfs.acceptIntro', undefined, 'If you agree to these terms, accept the statement with a one-time code.')}</p>}
        sendLabel={t('pricing.kfs.sendCode', undefined, 'Send me the code')}
        submitLabel={t('pricing.kfs.accept', undefined, 'Accept the Key Fact Statement')}
        send={async () => (await sendKfsCode(applicationId, proposalNo)).sentTo}
        check={async (code) => {
          const r = await acceptKfs(applicationId, proposalNo, code);
          return r.accepted ? { ok: true, value: undefined } : { ok: false, reason: r.reason, attemptsLeft: r.attemptsLeft };
        }}
        onVerified={() => onAccepted()}
      />
    </div>
  );
}
