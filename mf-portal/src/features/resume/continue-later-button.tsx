import { useState } from 'react';
import { ApiError, useT } from '@lendline/shared';
import type { FormValues } from '@lendline/shared/form-engine';
import { saveSubSection } from '../../api/portal-api';
import { clearDraft, readDraft, writeDraft, type DraftKey } from '../../lib/draft-store';
import { sendContinueLater } from './continue-later-api';
import { reasonOf } from '../../lib/reason-of';

/**
 * "Save and continue later", beside "Save and continue" on the primary applicant's steps: saves what is on the step
 * as a draft (missing answers allowed) and has the server send a link by e-mail and SMS that opens the application
 * at this step on any device, after a code to the recorded mobile. Offline, the answers stay on this device (as
 * every draft does) and no link can be sent yet: said so.
 */
export function ContinueLaterButton({ draftKey, route, valuesNow }: { draftKey: DraftKey; route: string; valuesNow: () => FormValues }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const go = async () => {
    setBusy(true);
    setSaid(null);
    const values = valuesNow();
    try {
      await saveSubSection({ application_id: draftKey.applicationId, applicantId: draftKey.applicantId, section_id: draftKey.sectionId, sub_section_id: draftKey.subSectionId, values, draft: true }, { silent: true });
      // On the server now: a copy left on this device would later overwrite what the other device saves. Again
      // after the flow page's 200 ms draft write, which may still be on its way with these very values.
      const forget = () => JSON.stringify(readDraft(draftKey)?.values) === JSON.stringify(values) && clearDraft(draftKey);
      forget();
      setTimeout(forget, 400);
      const sent = await sendContinueLater({ application_id: draftKey.applicationId, route, section_id: draftKey.sectionId });
      const to = sent.sentTo.join(', ');
      setSaid({ ok: true, text: t('continueLater.sent', { to, hours: sent.validityHours }, `Saved. We sent a link to ${to}. It opens your application at this step on any device for ${sent.validityHours} hours, after a code sent to your mobile number.`) });
    } catch (e) {
      if (e instanceof ApiError && e.status === 0) {
        writeDraft(draftKey, values);
        setSaid({ ok: false, text: t('continueLater.offline', undefined, 'You are offline. Your answers are kept on this device; send the link again when the connection is back.') });
      } else setSaid({ ok: false, text: reasonOf(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="ll-button--secondary" onClick={() => void go()} disabled={busy} aria-busy={busy || undefined}>
        {t('continueLater.button', undefined, 'Save and continue later')}
      </button>
      {said && (
        <p className="ll-continue-later__note" role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </p>
      )}
    </>
  );
}
