import { useEffect, useState } from 'react';
import { GLOBAL_SEARCH_PAGE_SIZE, labelOf, useT } from '@lendline/shared';
import type { ListRow } from '../../../api/applications-query';
import { formatCell } from '../../../lib/cell-text';
import { Highlight, findMatch } from '../../../lib/highlight';
import { globalSearch, type GlobalSearchResult } from '../api/search';

export interface SearchResultsProps {
  text: string;
  onOpen(applicationId: string): void;
  onClose(): void;
}

/** The applicant's mobile or e-mail when the text matched there rather than in the name or id (shown, marked). */
function matchedContact(r: ListRow, text: string): string | null {
  if (findMatch(r.application_id, text) || findMatch(String(r.applicant_name ?? ''), text)) return null;
  const a = (r.applicant ?? {}) as Record<string, unknown>;
  const hit = [a.mobile, a.email].find((v) => typeof v === 'string' && findMatch(v, text));
  return typeof hit === 'string' ? hit : null;
}

const statusOf = (r: ListRow) => String(r._applicationStatus ?? r.application_status ?? r.status ?? '');

/** Global search hits (§3 default fields), 10 a page (§9), each a link to the application. */
export default function SearchResults({ text, onOpen, onClose }: SearchResultsProps) {
  const t = useT();
  const [page, setPage] = useState(0);
  // Keyset cursors by page index, from each reply's pageInfo.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [result, setResult] = useState<GlobalSearchResult | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('loading');
  useEffect(() => {
    setPage(0);
    setCursors([null]);
  }, [text]);
  useEffect(() => {
    const ctrl = new AbortController();
    setState('loading');
    globalSearch(text, cursors[page] ?? null, ctrl.signal).then(
      (r) => {
        setResult(r);
        setCursors((c) => {
          const next = c.slice(0, page + 1);
          next[page + 1] = r.pageInfo.nextCursor;
          return next;
        });
        setState('idle');
      },
      () => !ctrl.signal.aborted && setState('error'),
    );
    return () => ctrl.abort();
  }, [text, page]); // eslint-disable-line react-hooks/exhaustive-deps

  const from = page * GLOBAL_SEARCH_PAGE_SIZE + 1;
  return (
    <div className="ll-search-results" role="region" aria-label={t('areas.applications.search.results', undefined, 'Search results')} aria-busy={state === 'loading'} data-testid="global-search-results">
      {state === 'error' && <p role="alert">{t('areas.applications.search.failed', undefined, 'The search could not be run.')}</p>}
      {result && (
        <>
          <p aria-live="polite">
            {result.data.length
              ? t('listWording.searchRange', { from, to: from + result.data.length - 1, text }, 'Results {from}–{to} for "{text}"')
              : t('areas.applications.search.none', { text }, 'Nothing found for "{text}"')}
          </p>
          {result.data.length > 0 && (
            <table className="ll-table">
              <thead>
                <tr>
                  <th scope="col">{t('areas.applications.columns.application_id', undefined, 'Application ID')}</th>
                  <th scope="col">{t('areas.applications.columns.applicant', undefined, 'Applicant')}</th>
                  <th scope="col">{t('areas.applications.columns.status', undefined, 'Status')}</th>
                  <th scope="col">{t('areas.applications.columns.initiatedBy', undefined, 'Initiated by')}</th>
                  <th scope="col">{t('areas.applications.columns.created', undefined, 'Created')}</th>
                </tr>
              </thead>
              <tbody>
                {result.data.map((r) => (
                  <tr key={r.application_id} data-testid="global-search-hit">
                    <td>
                      <a
                        href={`/backstage/application?application_id=${encodeURIComponent(r.application_id)}`}
                        onClick={(e) => {
                          e.preventDefault();
                          onClose();
                          onOpen(r.application_id);
                        }}
                      >
                        <Highlight text={r.application_id} query={text} />
                      </a>
                    </td>
                    <td>
                      <Highlight text={formatCell(r.applicant_name, 'text')} query={text} />
                      {matchedContact(r, text) && (
                        <span className="ll-search-contact">
                          {' · '}
                          <Highlight text={matchedContact(r, text)!} query={text} />
                        </span>
                      )}
                    </td>
                    <td data-status={statusOf(r)}>{labelOf('applicationStatus', statusOf(r))}</td>
                    <td>{formatCell(r.initiatedBy, 'text')}</td>
                    <td>{formatCell(r.cre_time, 'date')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <div className="ll-pager">
        <button type="button" className="ll-button--secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
          {t('areas.applications.list.previous', undefined, 'Previous')}
        </button>
        <span>{t('areas.applications.search.page', { page: page + 1 }, 'page {page}')}</span>
        <button type="button" className="ll-button--secondary" disabled={!result?.pageInfo.hasMore} onClick={() => setPage(page + 1)}>
          {t('areas.applications.list.next', undefined, 'Next')}
        </button>
        <button type="button" className="ll-button--secondary" onClick={onClose}>
          {t('areas.applications.common.close', undefined, 'Close')}
        </button>
      </div>
    </div>
  );
}
