import { useT } from '@lendline/shared';
import { OneTimeCode } from '../../ui/one-time-code';
import { openContinueLink, sendContinueCode, type Opened } from './continue-later-api';

/**
 * Opening a "continue later" link: a one-time code goes to the mobile number the application records (the server
 * picks it; the page names none), then the code opens the application on this device.
 */
export function ContinueCode({ applicationId, verificationId, onOpened }: { applicationId: string; verificationId: string; onOpened: (o: Opened) => void }) {
  const t = useT();
  return (
    <section className="ll-card" aria-labelledby="ll-continue-title">
      <h2 id="ll-continue-title">{t('continueLater.openTitle', undefined, 'Continue your application')}</h2>
      <OneTimeCode
        id="ll-continue-code"
        intro={<p>{t('continueLater.openIntro', undefined, 'To open your application on this device, we will send a one-time code to the mobile number in your application.')}</p>}
        sendLabel={t('continueLater.sendCode', undefined, 'Send me the code')}
        submitLabel={t('continueLater.open', undefined, 'Verify and continue')}
        send={async () => (await sendContinueCode(applicationId, verificationId)).sentTo}
        check={async (code) => {
          const r = await openContinueLink(applicationId, verificationId, code);
          return r.data.opened ? { ok: true, value: r } : { ok: false, reason: r.data.reason, attemptsLeft: r.data.attemptsLeft };
        }}
        onVerified={onOpened}
      />
    </section>
  );
}
