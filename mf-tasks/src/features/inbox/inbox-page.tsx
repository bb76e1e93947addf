import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { eventBus, formatDateTime, sessionStore, useConfigName, useT } from '@lendline/shared';
import { EmptyState, PageHeader, Select, Skeleton, Tabs, Toolbar } from '@lendline/shared/ui';
import { CheckIcon } from '@lendline/shared/ui/icons';
import { useInboxCounts } from './use-inbox-counts';
import { fetchInbox, runAction, type InboxBucket, type InboxItem, type InboxKind, type InboxScope } from '../../api/tasks-api';
import { useKeysetPages } from '../../lib/use-keyset-pages';
import { dueRisk } from '../../lib/due-risk';
import { DueBadge } from '../../ui/due-badge';
import { Pager } from '../../ui/pager';
import { ensureTaskStyles } from '../../ui/styles';
import { inboxStore, PAGE_SIZES } from './inbox-store';
import { itemHref, openHref } from './inbox-links';
import { quickActions, type QuickAction } from './task-actions';

const BUCKETS: InboxBucket[] = ['Today', 'Future', 'All'];
const KINDS: (InboxKind | 'ALL')[] = ['ALL', 'task', 'query', 'approval'];
const SCOPES: InboxScope[] = ['mine', 'teams', 'all'];

/**
 * /backstage/tasks: the caller's tasks and sub-tasks across applications (GET /v3/taskconfigs/inbox), in the §4
 * review buckets, earliest SLA due first, breaches coloured. Keyboard: ↑/↓ (or j/k) move between items, Home/End,
 * Enter opens the application on the item's tab.
 */
export function InboxPage({ open = openHref }: { open?: (href: string) => void }) {
  const t = useT();
  const name = useConfigName();
  useEffect(ensureTaskStyles, []);
  const f = useStore(inboxStore);
  const user = useStore(sessionStore, (s) => s.user);
  const key = `${f.bucket}|${f.kind}|${f.scope}|${f.limit}`;
  const load = useCallback((cursor: string | null) => fetchInbox({ bucket: f.bucket, kind: f.kind, scope: f.scope, limit: f.limit, cursor }), [f.bucket, f.kind, f.scope, f.limit]);
  const pages = useKeysetPages<InboxItem>(key, load);
  const list = useRef<HTMLUListElement>(null);
  const counts = useInboxCounts(f.kind, f.scope, pages.items);
  const bucketLabel = (b: InboxBucket) => t(`areas.tasks.inbox.bucket.${b}`, undefined, b);
  const kindLabel = (k: InboxKind | 'ALL') => t(`areas.tasks.inbox.kind.${k}`, undefined, { ALL: 'All kinds', task: 'Tasks', query: 'Queries', approval: 'Approvals' }[k]);
  const scopeLabel = (s: InboxScope) => t(`areas.tasks.inbox.scope.${s}`, undefined, { mine: 'Held by me', teams: 'Waiting in my teams', all: 'Both' }[s]);

  function onKey(e: KeyboardEvent) {
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a[data-item]') ?? [])];
    if (!links.length) return;
    const i = links.indexOf(document.activeElement as HTMLAnchorElement);
    const to = ({ ArrowDown: i + 1, j: i + 1, ArrowUp: i - 1, k: i - 1, Home: 0, End: links.length - 1 } as Record<string, number>)[e.key];
    if (to === undefined) return;
    e.preventDefault();
    links[Math.max(0, Math.min(links.length - 1, to))].focus();
  }

  async function quick(item: InboxItem, a: QuickAction) {
    try {
      await runAction(a.action, item.application_id, item.verNum);
      eventBus.emit('toast', { kind: 'success', text: a.type === 'OpenTask' ? t('areas.tasks.inbox.pickedUp', { id: item.application_id }, '{id} is yours now') : t('areas.tasks.inbox.left', { id: item.application_id }, '{id} is back in the team queue') });
      pages.reload();
    } catch {
      // The shell shows the §8 refusal (stale verNum, not assignable).
    }
  }

  const bucketBody = (
    <>
      {pages.failed && <p role="alert">{t('areas.tasks.inbox.failed', undefined, 'Your tasks could not be loaded.')}</p>}
      {!pages.items && !pages.failed && <Skeleton label={t('areas.tasks.loading', undefined, 'Loading…')} rows={5} />}
      {pages.items && pages.items.length === 0 && (
        <EmptyState
          icon={<CheckIcon />}
          testId="inbox-empty"
          title={f.bucket === 'Future' ? t('areas.tasks.inbox.emptyFuture', undefined, 'Nothing is snoozed.') : t('areas.tasks.inbox.empty', undefined, 'Nothing waits for you here.')}
        />
      )}
      {pages.items && pages.items.length > 0 && (
        <ul className="ll-inbox-list" ref={list} onKeyDown={onKey} aria-label={t('areas.tasks.inbox.listLabel', { bucket: bucketLabel(f.bucket) }, '{bucket}: earliest due first')} aria-busy={pages.busy}>
          {pages.items.map((item, n) => {
            // A task's colour follows its application's SLA state (paused and closed are neither late nor on time).
            const risk = item.sla ? { ON_TRACK: 'on-track', AT_RISK: 'at-risk', BREACHED: 'breached', PAUSED: 'paused', CLOSED: 'closed', NO_SLA: 'none' }[item.sla.state] : dueRisk(item.dueAt);
            return (
              <li key={`${item.kind}:${item.id}`} className={`ll-inbox-row ll-inbox-row--${risk}`} data-testid="inbox-item" data-kind={item.kind} data-application={item.application_id}>
                <DueBadge dueAt={item.dueAt} sla={item.sla} />
                <a
                  href={itemHref(item)}
                  data-item
                  tabIndex={n === 0 ? 0 : -1}
                  onFocus={(e) => list.current?.querySelectorAll('a[data-item]').forEach((a) => a.setAttribute('tabindex', a === e.currentTarget ? '0' : '-1'))}
                  onClick={(e) => {
                    if (e.metaKey || e.ctrlKey || e.shiftKey) return; // a new tab or window: let the browser do it
                    e.preventDefault();
                    open(itemHref(item));
                  }}
                >
                  <span className="ll-inbox-title">
                    <span className="ll-kind">{kindLabel(item.kind)}</span>
                    {item.kind === 'task' ? name('task', item.title) : item.title}
                  </span>
                  <span className="ll-inbox-meta">
                    {' · '}
                    {item.application_id} · {item.applicantName} · {item.productCode} · {name('step', item.stepName)}
                    {item.heldBy.team ? ` · ${t('areas.tasks.inbox.team', { team: name('team', item.heldBy.team) }, 'team {team}')}` : ''}
                    {item.raisedBy ? ` · ${t('areas.tasks.inbox.raisedBy', { user: item.raisedBy }, 'from {user}')}` : ''}
                    {item.reviewAt && item.bucket === 'Future' ? ` · ${t('areas.tasks.inbox.reviewOn', { date: formatDateTime(item.reviewAt) }, 'review on {date}')}` : ''}
                  </span>
                </a>
                <span>
                  {quickActions(item, user?.userName).map((a) => (
                    <button key={a.type} type="button" className="ll-button--secondary" onClick={() => quick(item, a)} data-testid={`quick-${a.type}`}>
                      {a.type === 'OpenTask' ? t('areas.tasks.inbox.openTask', undefined, 'Pick up') : t('areas.tasks.inbox.leave', undefined, 'Leave')}
                    </button>
                  ))}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={pages.pageNumber} hasPrev={pages.hasPrev} hasNext={pages.hasNext} onPrev={pages.prev} onNext={pages.next} busy={pages.busy} />
    </>
  );

  return (
    <section className="ll-density-compact" aria-labelledby="ll-inbox-title" data-testid="task-inbox">
      <PageHeader level={2} titleId="ll-inbox-title" title={t('areas.tasks.inbox.title', undefined, 'My work')} />
      <Toolbar label={t('staffScreens.inboxFilters', undefined, 'Filter my work')}>
        <Select label={t('areas.tasks.inbox.kindLabel', undefined, 'Kind')} value={f.kind} onChange={(id) => f.set({ kind: id as InboxKind | 'ALL' })} options={KINDS.map((k) => ({ id: k, label: kindLabel(k) }))} testId="inbox-kind" />
        <Select label={t('areas.tasks.inbox.scopeLabel', undefined, 'Whose')} value={f.scope} onChange={(id) => f.set({ scope: id as InboxScope })} options={SCOPES.map((sc) => ({ id: sc, label: scopeLabel(sc) }))} testId="inbox-scope" />
        <Select label={t('areas.tasks.inbox.pageSize', undefined, 'Per page')} value={String(f.limit)} onChange={(id) => f.set({ limit: Number(id) })} options={PAGE_SIZES.map((n) => ({ id: String(n), label: String(n) }))} testId="inbox-page-size" />
      </Toolbar>
      {/* The buckets switch what the list below shows: tabs (the kit's), each panel the bucket's list. The filters above apply to every bucket. */}
      <Tabs
        label={t('areas.tasks.inbox.buckets', undefined, 'Review buckets')}
        selected={f.bucket}
        onSelect={(b) => f.set({ bucket: b as InboxBucket })}
        tabs={BUCKETS.map((b) => ({
          id: b,
          label: (
            <>
              {bucketLabel(b)}
              {counts && <span className="ll-count" data-testid={`inbox-count-${b}`}> {counts[b]}{counts.capped && counts[b] === 999 ? '+' : ''}</span>}
            </>
          ),
          panel: bucketBody,
        }))}
      />
    </section>
  );
}
