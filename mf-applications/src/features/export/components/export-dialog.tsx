import { useEffect, useRef, useState } from 'react';
import { useT } from '@lendline/shared';
import type { TableColumn } from '../../../api/table-config';
import type { ApplicationsInput } from '../../../api/applications-query';
import { Dialog } from '@lendline/shared/ui';
import { ExportCancelled, streamExportRows } from '../api/stream-export';
import { exportFileName } from '../api/file-name';

export interface ExportProps {
  /** The list's current query (filters, counts, sort); paging is replaced by the export's own. */
  input: ApplicationsInput;
  columns: TableColumn[];
  listName: string;
  sheetName: string;
  /** How many rows the list holds (its count), for the progress bar. */
  total: number;
}

type Phase = { kind: 'idle' } | { kind: 'running'; done: number; total: number } | { kind: 'writing' } | { kind: 'error'; message: string };

/**
 * Exports the whole filtered list (not only the page) to .xlsx with a progress bar and Cancel. It
 * starts when it opens; it is its own chunk, loaded when the user asks for an export.
 */
export default function ExportDialog({ input, columns, listName, sheetName, total, onClose }: ExportProps & { onClose(): void }) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>({ kind: 'running', done: 0, total: 0 });
  const ctrl = useRef<AbortController | null>(null);

  function finish() {
    setPhase({ kind: 'idle' });
    onClose();
  }

  async function start() {
    const abort = new AbortController();
    ctrl.current = abort;
    setPhase({ kind: 'running', done: 0, total: 0 });
    try {
      // The writer (and xlsx with it) loads in parallel with the first page.
      const writer = import(/* webpackChunkName: "export-xlsx" */ '../api/write-xlsx');
      const rows = await streamExportRows({ input, total, signal: abort.signal, onProgress: (done, all) => setPhase({ kind: 'running', done, total: all }) });
      setPhase({ kind: 'writing' });
      const { buildWorkbook, downloadWorkbook } = await writer;
      if (abort.signal.aborted) throw new ExportCancelled();
      downloadWorkbook(buildWorkbook(rows, columns, sheetName), exportFileName(listName));
      finish();
    } catch (e) {
      if (e instanceof ExportCancelled) finish();
      else setPhase({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      ctrl.current = null;
    }
  }

  useEffect(() => {
    void start();
    return () => ctrl.current?.abort();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      {(
        <Dialog
          title={t('areas.applications.export.title', undefined, 'Exporting')}
          onClose={() => (phase.kind === 'error' ? finish() : ctrl.current?.abort())}
          testId="export-dialog"
          actions={
            phase.kind === 'error' ? (
              <button type="button" onClick={() => finish()}>
                {t('areas.applications.common.close', undefined, 'Close')}
              </button>
            ) : (
              <button type="button" className="ll-button--secondary" onClick={() => ctrl.current?.abort()}>
                {t('areas.applications.common.cancel', undefined, 'Cancel')}
              </button>
            )
          }
        >
          {phase.kind === 'running' && (
            <>
              <progress max={phase.total || 1} value={phase.done} aria-label={t('areas.applications.export.progress', undefined, 'Export progress')} />
              <p aria-live="polite">{t('listWording.exportRows', { done: phase.done, total: phase.total }, '{done} of {total} rows read')}</p>
            </>
          )}
          {phase.kind === 'writing' && <p aria-live="polite">{t('areas.applications.export.writing', undefined, 'Writing the spreadsheet…')}</p>}
          {phase.kind === 'error' && <p role="alert">{t('areas.applications.export.failed', { detail: phase.message }, 'The export failed: {detail}')}</p>}
        </Dialog>
      )}
    </>
  );
}
