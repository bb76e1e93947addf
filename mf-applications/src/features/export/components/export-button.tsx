import { lazy, Suspense, useState } from 'react';
import { useT } from '@lendline/shared';
import type { ExportProps } from './export-dialog';

// The dialog, the paging loop and (behind it) xlsx load only when someone exports.
const ExportDialog = lazy(() => import(/* webpackChunkName: "export-dialog" */ './export-dialog'));

export function ExportButton({ disabled, ...props }: ExportProps & { disabled?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="ll-button--secondary" disabled={disabled || open} onClick={() => setOpen(true)} data-testid="export-button">
        {t('areas.applications.export.button', undefined, 'Export to Excel')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
