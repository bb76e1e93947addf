import { useEffect, useState } from 'react';
import { fetchRequestable, type Requestable } from './api';
import { useQueriesStore } from './queries-store';
import { RaiseForm } from './raise-form';
import { RequestInfoForm } from './request-info-form';
import { SandboxLinkNote } from './sandbox-link';
import { useQueryT } from './texts';

export interface QueryStarterProps {
  applicationId: string;
  application?: { verNum?: number; application_status?: string } | null;
  onChanged?: () => void;
}

/**
 * The two ways to start, each a dialog (issue 26): raise a query to a colleague or team, or ask the applicant for information. Part of the
 * queries tab, and exposed alone ('./QueryStarter') for the detail page's toolbar: §2 shows the queries tab only while
 * the sub-status is QUERIES or APPROVAL, so the first query of an application starts from there.
 */
export function QueryStarter({ applicationId, application, onChanged }: QueryStarterProps) {
  const t = useQueryT();
  const [open, setOpen] = useState<'raise' | 'request' | null>(null);
  const [requestable, setRequestable] = useState<{ fields: Requestable[]; documents: Requestable[] } | null>(null);
  useEffect(() => {
    if (!open || requestable) return;
    fetchRequestable(applicationId).then(setRequestable, () => setRequestable({ fields: [], documents: [] }));
  }, [open, requestable, applicationId]);

  if (application?.application_status && application.application_status !== 'ACTIVE') return null;
  const done = () => setOpen(null);
  return (
    <div className="ll-query-starter" data-testid="query-starter">
      <button type="button" className="ll-button--secondary" onClick={() => setOpen('raise')} data-testid="raise-query">
        {t('raiseTitle')}
      </button>{' '}
      <button type="button" className="ll-button--secondary" onClick={() => setOpen('request')} data-testid="ask-applicant">
        {t('requestTitle')}
      </button>
      {open === 'raise' && <RaiseForm applicationId={applicationId} requestable={requestable} onDone={done} onChanged={onChanged} />}
      {open === 'request' && <RequestInfoForm applicationId={applicationId} requestable={requestable} onDone={done} onChanged={onChanged} />}
      <SandboxLinkNote />
    </div>
  );
}
/**
 * './QueryStarter' on the detail page's toolbar: outside the tab, so it keeps the store on this application and its
 * version itself (inside the tab the tab does).
 */
export function StandaloneQueryStarter(props: QueryStarterProps) {
  const load = useQueriesStore((s) => s.load);
  const verNum = props.application?.verNum ?? 0;
  useEffect(() => {
    void load(props.applicationId, verNum);
  }, [props.applicationId, verNum, load]);
  return <QueryStarter {...props} />;
}
export default StandaloneQueryStarter;
