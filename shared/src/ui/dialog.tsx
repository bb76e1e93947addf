import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useKitStyles } from './styles';

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** The dialog's buttons, laid out at its foot. */
  actions?: ReactNode;
  /** Escape calls this; omit it for a question that needs an explicit answer (Escape then does nothing). */
  onClose?: () => void;
  /** 'alertdialog' for messages that interrupt (§8's modal, the session warning). */
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  /** A wider frame for dialogs that show a document or a table. */
  wide?: boolean;
  className?: string;
}

// The kit's Select is a button (its native <select> is a hidden copy for forms, inside aria-hidden: never the target).
const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), .ll-ui-select__button:not([disabled])';
const firstField = (root: HTMLElement | null | undefined) => [...(root?.querySelectorAll<HTMLElement>(FIELD) ?? [])].find((el) => !el.closest('[aria-hidden="true"]'));

/**
 * The one modal dialog (§2's global modal and every area's dialogs). Callers render it while it is
 * open and drop it to close it, as before; react-aria does the parts that were hand-made and had
 * drifted apart: Tab and Shift+Tab stay inside, the page behind is hidden from assistive tech and
 * does not scroll, Escape closes (when allowed), focus goes back to what had it when the dialog
 * unmounts. Clicking the backdrop does not close it: an unsaved form must not vanish on a stray click.
 */
export function Dialog({ title, children, actions, onClose, role = 'dialog', testId, wide, className }: DialogProps) {
  useKitStyles();
  const ref = useRef<HTMLElement>(null);
  // react-aria focuses the dialog itself. Where there is something to type into, the first field is
  // where a keyboard user wants to be; an alert dialog puts focus on its first answer (WAI-ARIA's
  // alertdialog pattern; the dialogs this replaced did both, and journeys rely on it).
  useEffect(() => {
    const root = ref.current;
    const target = firstField(root) ?? (role === 'alertdialog' ? root?.querySelector<HTMLElement>('.ll-dialog__actions button:not([disabled])') : null);
    target?.focus();
  }, [role]);
  return (
    <ModalOverlay isOpen isDismissable={false} isKeyboardDismissDisabled={!onClose} onOpenChange={(open) => !open && onClose?.()} className="ll-backdrop">
      <Modal>
        <AriaDialog ref={ref} role={role} data-testid={testId} className={['ll-dialog', wide && 'll-dialog--wide', className].filter(Boolean).join(' ')}>
          <Heading slot="title" level={2}>
            {title}
          </Heading>
          {children}
          {actions && <div className="ll-dialog__actions">{actions}</div>}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * A dialog that interrupts with a message and asks for an answer (react-aria: role alertdialog).
 * Escape closes only when the caller passes onClose.
 */
export function AlertDialog(props: Omit<DialogProps, 'role'>) {
  return <Dialog {...props} role="alertdialog" />;
}
