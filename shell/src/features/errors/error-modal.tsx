import { useT } from '@lendline/shared';
import { Dialog } from '@lendline/shared/ui';
import { closeErrorModal, useUi } from './ui-store';

/** The §2 modal: entries of type error (description) or keyvalue (key and value), optional title, close. */
export function ErrorModal() {
  const modal = useUi((s) => s.errorModal);
  const t = useT();
  if (!modal) return null;
  return (
    <Dialog
      title={modal.title ?? t('errors.title')}
      role="alertdialog"
      onClose={closeErrorModal}
      testId="error-modal"
      actions={
        <button type="button" onClick={closeErrorModal}>
          {t('errors.close')}
        </button>
      }
    >
      <ul className="ll-error-list">
        {modal.entries.map((e, i) =>
          e.type === 'error' ? (
            <li key={i} data-testid="error-modal-entry">
              {e.description}
            </li>
          ) : (
            <li key={i} data-testid="error-modal-entry">
              <strong>{e.key}</strong>: {e.value}
            </li>
          ),
        )}
      </ul>
    </Dialog>
  );
}
