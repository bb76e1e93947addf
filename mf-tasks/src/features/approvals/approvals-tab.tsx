import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { configName, eventBus, formatDateTime, labelOf, useLanguage } from '@lendline/shared';
import type { ApprovalAction, ChainEntry } from './api';
import { approvalsStore } from './approvals-store';
import { DecisionForm } from './decision-form';
import { useApprovalT, type ApprovalT } from './texts';

/** The props mf-applications' detail page gives every tab body (detail-tabs.tsx). */
export interface ApprovalsTabProps {
  applicationId: string;
  taskId?: string | null;
  application?: unknown;
  onChanged?: () => void;
}

const ACTIONS: ApprovalAction[] = ['approve', 'reject', 'forward', 'send_back'];

/** §9's date and time (the page's language only changes the words around it). */
function when(iso: string | null): string {
  return iso ? formatDateTime(iso) : '';
}

function approverOf(e: ChainEntry, t: ApprovalT): string {
  const last = e.forwards[e.forwards.length - 1];
  const base = `${configName('approvalLevel', e.levelName)} (${e.role})`;
  if (e.escalatedFrom && e.assignedTo && !e.forwards.length) return `${base}, ${t('escalatedTo', { user: e.assignedTo, reason: e.escalatedFrom.reason })}`;
  if (e.assignedTo) return `${base}, ${t('forwardedTo', { user: e.assignedTo })}`;
  return last ? `${base}, ${t('forwardedTo', { user: last.to })}` : `${base} · ${configName('team', e.team)}`;
}

/**
 * §2 approvals tab: the application's approval chain (level, approver, state, who decided when with what comment)
 * and its raised exceptions, with approve / reject / forward / send back for whoever the server says may act.
 * A refusal (maker-checker, a stale version, §8 1167 on send back) opens the shell's error modal.
 */
export function ApprovalsTab({ applicationId, onChanged }: ApprovalsTabProps) {
  const t = useApprovalT();
  const lang = useLanguage();
  const { data, loading, failed, busy } = useStore(approvalsStore);
  const [open, setOpen] = useState<{ id: string; action: ApprovalAction } | null>(null);

  useEffect(() => {
    void approvalsStore.getState().load(applicationId);
  }, [applicationId]);

  async function confirm(entry: ChainEntry, action: ApprovalAction, input: { comment?: string; reason?: string; userName?: string }) {
    const ok = await approvalsStore.getState().act(action, { subTaskId: entry.subTaskId!, ...input });
    if (!ok) return;
    setOpen(null);
    eventBus.emit('toast', { kind: 'success', text: t('done', { action: t(`action.${action}`) }) });
    onChanged?.();
  }

  if (!data) {
    if (failed) {
      return (
        <div role="alert">
          {t('failed')}{' '}
          <button type="button" onClick={() => void approvalsStore.getState().load(applicationId)}>
            {t('retry')}
          </button>
        </div>
      );
    }
    return <p aria-busy="true">{t('loading')}</p>;
  }

  const row = (e: ChainEntry) => {
    const key = e.subTaskId ?? `${e.round}-${e.level}-waiting`;
    // A decline recommendation is confirmed (approve) or not (reject); send back would mean the same as not confirming.
    const decline = e.recommendation?.kind === 'DECLINE';
    const offered = e.actions ? ACTIONS.filter((a) => (a === 'forward' ? e.actions!.forward : e.actions!.decide && !(decline && a === 'send_back'))) : [];
    const label = (a: ApprovalAction) => (decline && (a === 'approve' || a === 'reject') ? t(`decline.${a}`) : t(`action.${a}`));
    const isOpen = open && open.id === e.subTaskId;
    return [
      <tr key={key} data-testid="approval-row" data-state={e.state} data-level={e.level}>
        <td>
          {e.type === 'EXCEPTION'
            ? e.exceptions.map((x, i) => (
                // The rule by its label; the decision engine's reason in its own (English) words, marked so.
                <span key={x.key}>
                  {i > 0 && '; '}
                  {labelOf('decisionRule', x.key, lang)}: <span lang="en">{x.reason}</span>
                </span>
              ))
            : decline
              ? (
                <span data-testid="decline-recommendation">
                  {t('declineRecommended', { reason: e.recommendation!.reason })}
                  {e.recommendation!.note && <div className="ll-muted">{e.recommendation!.note}</div>}
                </span>
              )
              : t('levelOf', { level: e.level, levels: e.levels })}
          {e.maker && <div className="ll-muted">{t('maker', { maker: e.maker })}</div>}
        </td>
        <td>{approverOf(e, t)}</td>
        <td>
          <span className={`ll-badge ll-badge--${e.state.toLowerCase()}`}>{t(`state.${e.state}`)}</span>
        </td>
        <td>{e.decidedBy ?? ''}</td>
        <td>{when(e.decidedAt)}</td>
        <td>{e.comment}</td>
        <td>
          {offered.map((a) => (
            <button key={a} type="button" data-testid={`approval-${a}`} disabled={busy} className={a === 'reject' ? 'll-button--danger' : 'll-button--secondary'} onClick={() => setOpen({ id: e.subTaskId!, action: a })}>
              {label(a)}
            </button>
          ))}
        </td>
      </tr>,
      isOpen ? (
        <tr key={`${key}-form`}>
          <td colSpan={7}>
            <DecisionForm entry={e} action={open.action} busy={busy} t={t} onConfirm={(input) => void confirm(e, open.action, input)} onCancel={() => setOpen(null)} />
          </td>
        </tr>
      ) : null,
    ];
  };

  const head = (
    <thead>
      <tr>
        <th scope="col">{t('level')}</th>
        <th scope="col">{t('approver')}</th>
        <th scope="col">{t('state')}</th>
        <th scope="col">{t('decidedBy')}</th>
        <th scope="col">{t('when')}</th>
        <th scope="col">{t('comment')}</th>
        <th scope="col">{t('actions')}</th>
      </tr>
    </thead>
  );
  const rounds = [...new Set(data.chain.map((e) => e.round))];

  return (
    <section className="ll-approvals" aria-busy={loading} data-testid="approvals-tab">
      <h3>{t('title')}</h3>
      {!data.chain.length && !data.exceptions.length && <p role="status">{t('empty')}</p>}
      {rounds.map((round) => (
        <table key={round} className="ll-table" aria-label={rounds.length > 1 ? `${t('title')} · ${t('round', { round })}` : t('title')}>
          {rounds.length > 1 && <caption>{t('round', { round })}</caption>}
          {head}
          <tbody>{data.chain.filter((e) => e.round === round).flatMap(row)}</tbody>
        </table>
      ))}
      {data.exceptions.length > 0 && (
        <>
          <h3>{t('exceptionsTitle')}</h3>
          <table className="ll-table" aria-label={t('exceptionsTitle')}>
            {head}
            <tbody>{data.exceptions.flatMap(row)}</tbody>
          </table>
        </>
      )}
    </section>
  );
}

export default ApprovalsTab;
