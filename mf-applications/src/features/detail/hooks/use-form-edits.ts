import { useCallback, useMemo, useRef, useState } from 'react';
import { keepDraft } from '@lendline/shared';
import type { FormValues, SubSection } from '@lendline/shared/form-engine';
import { baselineOf, editsOf } from '../api/form-changes';

export type CheckFn = (options?: { focus?: boolean; only?: readonly string[] }) => FormValues | null;

interface OpenForm {
  sub: SubSection;
  /** Set by the portal's SectionForm (checkRef); absent in a release of mf-portal that predates it. */
  check: { current: CheckFn | null };
  /** The form's values as last reported (onValuesChange): the fallback when there is no check. */
  latest: FormValues | null;
  order: number;
}

export interface CollectResult {
  ok: boolean;
  changes: FormValues;
}

/**
 * The sub-section forms open for editing on the detail page, saved together by its one Save: each form
 * registers itself; `collect` runs the §5 save check of every form the user changed, over the fields they
 * changed (each form shows its own failures, focus goes to the first), and merges the changes against the
 * stored values.
 */
export function useFormEdits(values: FormValues, draftPrefix?: string) {
  const forms = useRef(new Map<string, OpenForm>());
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const counter = useRef(0);

  const mark = useCallback((id: string, on: boolean) => {
    setChanged((prev) => {
      if (prev.has(id) === on) return prev;
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const register = useCallback(
    (sub: SubSection, check: OpenForm['check']) => {
      forms.current.set(sub.subSectionId, { sub, check, latest: null, order: counter.current++ });
      return () => {
        forms.current.delete(sub.subSectionId);
        mark(sub.subSectionId, false);
      };
    },
    [mark],
  );

  const report = useCallback(
    (subId: string, next: FormValues) => {
      const f = forms.current.get(subId);
      if (!f) return;
      f.latest = next;
      const edits = editsOf(baselineOf(f.sub, values), clearedIn(f.sub, next));
      mark(subId, Object.keys(edits).length > 0);
      // Kept on the device (encrypted) until saved or cancelled, whatever ends the session meanwhile.
      if (draftPrefix) keepDraft(draftPrefix + subId, edits);
    },
    [values, mark, draftPrefix],
  );

  const collect = useCallback((): CollectResult => {
    let ok = true;
    const changes: FormValues = {};
    const open = [...forms.current.values()].sort((a, b) => a.order - b.order);
    for (const f of open) {
      const baseline = baselineOf(f.sub, values);
      const touched = f.latest ? editsOf(baseline, clearedIn(f.sub, f.latest)) : {};
      const keys = Object.keys(touched);
      if (!keys.length) continue;
      // Staff fix what they change: those fields must pass §5; the customer's unanswered ones stay as they are.
      const checked = f.check.current ? f.check.current({ focus: ok, only: keys }) : touched;
      if (!checked) {
        ok = false;
        continue;
      }
      Object.assign(changes, editsOf(baseline, checked));
    }
    return { ok, changes };
  }, [values]);

  return useMemo(() => ({ register, report, collect, dirty: changed.size > 0 }), [register, report, collect, changed]);
}

/** A form's values with its fields that are gone (emptied) as null. */
function clearedIn(sub: SubSection, values: FormValues): FormValues {
  const out: FormValues = { ...values };
  const fields = [...(sub.fields ?? []), ...(sub.components ?? []).flatMap((c) => c.fields)];
  for (const f of fields) if (!(f.key in out)) out[f.key] = null;
  return out;
}
