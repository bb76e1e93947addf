import { useT } from '@lendline/shared';
import { closeErrorModal, useUi } from '../../ui/ui-store';
import { go } from '../../lib/navigate';
import { MessageDialog } from '../../ui/message-dialog';

/** The §2 modal: entries of type error (description) or keyvalue (key and value), optional title, close. */
export function ErrorModal() {
  const modal = useUi((s) => s.errorModal);
  const t = useT();
  if (!modal) return null;
  // A §8 catalogue message (1101 "Validation Failed") reads in the page's language; any other title as the server wrote it.
  const catalogued = modal.code ? t(`errorCodes.${modal.code}`, undefined, '') : '';
  const title = catalogued || modal.title || t('errors.title');
  return (
    <MessageDialog title={title} onClose={closeErrorModal} testId="error-modal" closeLabel={t('errors.close')}>
      <ul className="ll-error-list">
        {modal.entries.map((e, i) =>
          e.type === 'error' ? (
            <li key={i} data-testid="error-modal-entry">
              {catalogued && e.description === modal.title ? catalogued : e.description}
              {e.link && (
                <>
                  {' '}
                  {/* Where the item is fixed (a missing field's section): the modal closes and the page opens there. */}
                  <a
                    href={e.link}
                    data-testid="error-modal-link"
                    onClick={(ev) => {
                      if (ev.metaKey || ev.ctrlKey || ev.shiftKey) return;
                      ev.preventDefault();
                      closeErrorModal();
                      go(e.link!);
                    }}
                  >
                    {t('errors.goTo', undefined, 'Go to the field')}
                  </a>
                </>
              )}
            </li>
          ) : (
            <li key={i} data-testid="error-modal-entry">
              <strong>{e.key}</strong>: {e.value}
            </li>
          ),
        )}
      </ul>
      {modal.reference && (
        <p className="ll-error-reference" data-testid="error-modal-reference">
          {t('errorReference.label', undefined, 'Reference')}: <code>{modal.reference}</code>
        </p>
      )}
    </MessageDialog>
  );
}
