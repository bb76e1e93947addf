import type { ReactNode } from 'react';
import { AlertDialog } from '@lendline/shared/ui';

/**
 * A message that interrupts (§2's error modal, §8's session expired) with one button that closes it; Escape
 * closes it too.
 */
export function MessageDialog({ title, testId, closeLabel, onClose, children }: { title: string; testId: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  return (
    <AlertDialog
      title={title}
      onClose={onClose}
      testId={testId}
      actions={
        <button type="button" onClick={onClose}>
          {closeLabel}
        </button>
      }
    >
      {children}
    </AlertDialog>
  );
}
