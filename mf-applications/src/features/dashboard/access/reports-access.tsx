import { useEffect, useState, type ReactNode } from 'react';
import { USERS, api, useT } from '@lendline/shared';
import { useCurrentUser } from '../../../lib/use-current-user';

/** The server's rule (domain/managers/dashboard.ts): the dashboard and the reports need the REPORTS activity group. */
export const REPORTS_GROUP = 'REPORTS';

/** Whether each user is in the group, asked once per user per page load. */
const known = new Map<string, Promise<boolean>>();

function reportsAllowed(userName: string): Promise<boolean> {
  let p = known.get(userName);
  if (!p) {
    p = api.get<{ data: { name: string; kind: string }[] }>(USERS.groupsByUserId).then(
      (r) => r.data.some((g) => g.kind === 'ACTIVITY' && g.name === REPORTS_GROUP),
      () => {
        known.delete(userName); // a failed read is asked again next time, not remembered as "no"
        return false;
      },
    );
    known.set(userName, p);
  }
  return p;
}

/** null while asking; then whether the signed-in user may open the dashboard and the reports. */
export function useReportsAccess(): boolean | null {
  const user = useCurrentUser();
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => {
    if (!user) return setAllowed(false);
    let live = true;
    setAllowed(null);
    void reportsAllowed(user.userName).then((ok) => live && setAllowed(ok));
    return () => {
      live = false;
    };
  }, [user]);
  return allowed;
}

/**
 * The dashboard and report pages for those who may open them (issue 26): anyone else who opens the address gets the
 * §2 not-found text ("…not allowed to be here") instead of the server's refusal in the error modal. The server still
 * refuses on its own (403); this only keeps the page from asking.
 */
export function ReportsOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const allowed = useReportsAccess();
  if (allowed === null) return <p aria-busy="true">{t('reportsAccess.checking', undefined, 'Checking your access…')}</p>;
  if (!allowed) {
    return (
      <div role="alert" data-testid="reports-denied">
        <p>{t('reportsAccess.denied', undefined, "Sorry! we couldn't find what you are looking for. You may be lost or not allowed to be here.")}</p>
        <p className="ll-muted">{t('reportsAccess.why', undefined, 'The dashboard and the reports are for users of the REPORTS activity group.')}</p>
      </div>
    );
  }
  return <>{children}</>;
}
