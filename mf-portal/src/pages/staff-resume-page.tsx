import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '@lendline/shared';
import FlowPage from './flow-page';
import { loadApplication } from '../api/portal-api';

/**
 * /backstage/newapplication?resume&application_id=…: staff continue a customer-flow step, allowed only when the
 * application is assigned to them (§2, §4 — the server computes assignedToCurrentUser).
 */
export default function StaffResumePage() {
  const t = useT();
  const [query, setQuery] = useSearchParams();
  const id = query.get('application_id');
  // An older link put the id in ?resume=APP-…: rewritten to §2's ?resume&application_id=… so the flow reads it.
  const legacy = query.get('resume');
  useEffect(() => {
    if (!id && legacy && /^APP-[0-9A-Za-z-]{1,40}$/.test(legacy)) setQuery({ resume: '', application_id: legacy }, { replace: true });
  }, [id, legacy, setQuery]);
  const [state, setState] = useState<'checking' | 'allowed' | 'refused' | 'failed'>('checking');
  useEffect(() => {
    if (!id) return setState('failed');
    setState('checking');
    loadApplication(id)
      .then((a) => setState(a.assignedToCurrentUser ? 'allowed' : 'refused'))
      .catch(() => setState('failed'));
  }, [id]);
  if (!query.has('resume') || !id) return <p role="alert">{t('portal.staff.usage', undefined, 'Open this page with ?resume&application_id=… from an application.')}</p>;
  if (state === 'checking') return <p aria-busy="true">{t('portal.flow.loading', undefined, 'Loading your application…')}</p>;
  if (state === 'refused') return <p role="alert">{t('portal.staff.notAssigned', { id }, `Application ${id} is not assigned to you, so you cannot resume its customer flow.`)}</p>;
  if (state === 'failed') return <p role="alert">{t('portal.flow.loadFailed', { problem: id }, `The application could not be loaded: ${id}`)}</p>;
  return <FlowPage basePath="/backstage/newapplication" />;
}
