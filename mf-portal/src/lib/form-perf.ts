import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * Opt-in performance probes of the portal's forms, read by bench/form-keystroke.mjs (and handy in DevTools'
 * Performance panel, where the measures show up as user timings):
 * - `ll:section-form:commit` — a SectionForm's first render started → its first commit (DOM in place);
 *   `ll:section-form:ready` — → its first passive effect (every field registered and validated).
 * - `ll:keystroke` — an `input` event reached the page → the last field that re-rendered for it committed; its
 *   detail lists the fields that rendered while the event was handled.
 * - `window.__LL_PERF_STATS__.renders` — renders per field name since load.
 *
 * Off unless `window.__LL_PERF__ = true` is set before the portal loads or the URL has `?ll_perf=1`. The probes
 * are picked once at module load, so when off every hook below is an empty function: no effects, no listeners,
 * no marks. (Production React ignores <Profiler>, hence counters rather than a profiler.)
 */
export interface KeystrokeSample {
  /** The input's name (the field's form name). */
  target: string;
  /** input event → last field commit, ms. */
  commit: number;
  /** input event → end of its handling (React's synchronous flush and effects included), ms. */
  handled: number;
  /** Field names that rendered while this event was handled (ideally just the target). */
  rendered: string[];
}

export interface FormPerfStats {
  renders: Record<string, number>;
  totalRenders: number;
  keystrokes: KeystrokeSample[];
  mounts: Array<{ fields: number; commit: number; ready: number }>;
}

declare global {
  interface Window {
    __LL_PERF__?: boolean;
    __LL_PERF_STATS__?: FormPerfStats;
  }
}

function detect(): boolean {
  if (typeof window === 'undefined' || typeof performance === 'undefined') return false;
  if (window.__LL_PERF__ === true) return true;
  try {
    return new URLSearchParams(window.location.search).get('ll_perf') === '1';
  } catch {
    return false;
  }
}

export const FORM_PERF_ENABLED = detect();

interface Pending {
  start: number;
  target: string;
  rendered: Set<string>;
  lastCommit: number;
}

let pending: Pending | null = null;
let stats: FormPerfStats | null = null;

function install(): FormPerfStats {
  if (stats) return stats;
  stats = window.__LL_PERF_STATS__ ?? { renders: {}, totalRenders: 0, keystrokes: [], mounts: [] };
  window.__LL_PERF_STATS__ = stats;
  // Capture on window: runs before React's root listener, so `start` precedes any work done for the event.
  window.addEventListener(
    'input',
    (e) => {
      const el = e.target as HTMLInputElement | null;
      pending = { start: performance.now(), target: el?.name || el?.id || '?', rendered: new Set(), lastCommit: 0 };
    },
    true,
  );
  // Bubble on window: runs after React's listener has rendered and committed the change (a controlled input's
  // change is flushed synchronously inside the event), so this closes the sample.
  window.addEventListener('input', () => {
    const p = pending;
    pending = null;
    if (!p) return;
    const end = performance.now();
    const commitEnd = p.lastCommit || end;
    const sample: KeystrokeSample = { target: p.target, commit: commitEnd - p.start, handled: end - p.start, rendered: [...p.rendered] };
    stats!.keystrokes.push(sample);
    performance.measure('ll:keystroke', { start: p.start, end: commitEnd, detail: sample });
  });
  return stats;
}

/** Counts a render of field `name`, and (during a keystroke) notes when it commits. */
function useFieldProbeOn(name: string): void {
  const s = install();
  s.renders[name] = (s.renders[name] ?? 0) + 1;
  s.totalRenders++;
  pending?.rendered.add(name);
  useLayoutEffect(() => {
    if (pending) pending.lastCommit = performance.now();
  });
}

/** Marks a SectionForm's first render, first commit and first passive effect. */
function useMountProbeOn(fields: number): void {
  const [start] = useState(() => {
    install();
    return performance.now();
  });
  useLayoutEffect(() => {
    const commit = performance.now();
    performance.measure('ll:section-form:commit', { start, end: commit, detail: { fields } });
    stats!.mounts.push({ fields, commit: commit - start, ready: 0 });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const ready = performance.now();
    performance.measure('ll:section-form:ready', { start, end: ready, detail: { fields } });
    stats!.mounts[stats!.mounts.length - 1].ready = ready - start;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
}

const off = (): void => undefined;

/** Call once per render of a field component (the hook is fixed for the page's lifetime, so hook order is stable). */
export const useFieldPerfProbe: (name: string) => void = FORM_PERF_ENABLED ? useFieldProbeOn : off;

/** Call once per render of SectionForm with its field count. */
export const useSectionFormMountProbe: (fields: number) => void = FORM_PERF_ENABLED ? useMountProbeOn : off;
