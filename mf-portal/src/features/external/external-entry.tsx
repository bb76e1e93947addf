import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, OTHER, useT } from '@lendline/shared';
import { rememberAppRef } from '../../lib/app-ref-store';

/** The validate-token reply (§7, §8): the id when the feature is on and the token valid, else an error flag. */
export interface ValidateTokenReply {
  data?: { application_id: string };
  appRefId?: string;
  error?: boolean;
  message?: string;
}

/** Asks the server; resolves with the application id (its appRefId kept for this device) or null. */
export async function openByTransactionToken(transactionToken: string): Promise<string | null> {
  const reply = await api.post<ValidateTokenReply>(OTHER.validateExternalToken, { transactionToken }, { silent: true });
  const id = reply.error ? undefined : reply.data?.application_id;
  if (!id) return null;
  if (reply.appRefId) rememberAppRef(id, reply.appRefId);
  return id;
}

/**
 * /newapplication?transactionToken=…: a partner system (external integration) sends the customer here with a
 * single-use token staff issued for an application. A valid token opens that application; otherwise a plain error.
 */
export default function ExternalEntry({ transactionToken }: { transactionToken: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    openByTransactionToken(transactionToken)
      .then((id) => {
        if (!live) return;
        if (id) navigate(`/newapplication/start?application_id=${encodeURIComponent(id)}`, { replace: true });
        else setProblem(t('portal.external.invalid', undefined, 'This link cannot open an application: it is invalid, already used or expired, or the integration is switched off.'));
      })
      .catch(() => live && setProblem(t('portal.external.failed', undefined, 'The application could not be opened. Please try again later.')));
    return () => {
      live = false;
    };
  }, [transactionToken]); // eslint-disable-line react-hooks/exhaustive-deps
  return problem ? <p role="alert">{problem}</p> : <p aria-busy="true">{t('portal.external.checking', undefined, 'Opening your application…')}</p>;
}
