import { useEffect, useState } from 'react';
import { USERS, api } from '@lendline/shared';

/**
 * Whether the signed-in user may open the dashboard and the reports: the server's rule (domain/managers/dashboard.ts)
 * is the REPORTS activity group, which mf-applications also reads to guard those pages. The shell asks on its own (a
 * remote's code is never imported here), once per user per page load; a failed read hides the links and is asked
 * again next time. The links only save a click: the server still refuses anyone else (403).
 */
const REPORTS_GROUP = 'REPORTS';
const known = new Map<string, Promise<boolean>>();

function reportsAllowed(userName: string): Promise<boolean> {
  let p = known.get(userName);
  if (!p) {
    p = api.get<{ data: { name: string; kind: string }[] }>(USERS.groupsByUserId, { silent: true }).then(
      (r) => r.data.some((g) => g.kind === 'ACTIVITY' && g.name === REPORTS_GROUP),
      () => {
        known.delete(userName);
        return false;
      },
    );
    known.set(userName, p);
  }
  return p;
}

export function useInsightAccess(userName: string | undefined): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    setAllowed(false);
    if (!userName) return;
    let live = true;
    void reportsAllowed(userName).then((ok) => live && setAllowed(ok));
    return () => {
      live = false;
    };
  }, [userName]);
  return allowed;
}
