import { useStore } from 'zustand';
import { SESSION_EXPIRED_TEXT, sessionWarningText, useT } from '@lendline/shared';
import { Dialog } from '@lendline/shared/ui';
import { MessageDialog } from '../../ui/message-dialog';
import { answerNo, answerYes, closeExpiredModal, sessionModalStore } from './session-timers';

/** The session-expiry warning and the session-expired modals (§2, §8), texts word for word in en. */
export function SessionModals() {
  const modal = useStore(sessionModalStore, (s) => s.modal);
  const t = useT();
  if (!modal) return null;
  if (modal.kind === 'warning') {
    return (
      <Dialog
        title={t('session.warningTitle')}
        role="alertdialog"
        testId="session-warning"
        actions={
          <>
            <button type="button" onClick={() => void answerYes()}>
              {t('session.yes')}
            </button>
            <button type="button" className="ll-button--secondary" onClick={answerNo}>
              {t('session.no')}
            </button>
          </>
        }
      >
        <p>{t('session.warning', { minutes: modal.minutes }, sessionWarningText(modal.minutes))}</p>
      </Dialog>
    );
  }
  return (
    <MessageDialog title={t('session.expiredTitle')} onClose={closeExpiredModal} testId="session-expired" closeLabel={t('session.ok')}>
      <p>{t('session.expired', undefined, SESSION_EXPIRED_TEXT)}</p>
    </MessageDialog>
  );
}
