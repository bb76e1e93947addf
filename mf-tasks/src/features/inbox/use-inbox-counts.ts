import { useEffect, useState } from 'react';
import { fetchInboxCounts, type InboxCounts, type InboxKind, type InboxScope } from '../../api/tasks-api';

/**
 * The counts on the bucket tabs (issue 26), read again whenever the filters change or the list was reloaded
 * (`version`: a quick action, a notification); a failed read leaves the tabs without numbers rather than wrong ones.
 */
export function useInboxCounts(kind: InboxKind | 'ALL', scope: InboxScope, version: unknown): InboxCounts | null {
  const [counts, setCounts] = useState<InboxCounts | null>(null);
  useEffect(() => {
    let live = true;
    fetchInboxCounts({ kind, scope }).then(
      (c) => live && setCounts(c),
      () => live && setCounts(null),
    );
    return () => {
      live = false;
    };
  }, [kind, scope, version]);
  return counts;
}
