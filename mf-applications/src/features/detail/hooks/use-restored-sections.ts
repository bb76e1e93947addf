import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { draftStore } from '@lendline/shared';
import type { FlowConfig } from '@lendline/shared/form-engine';

/**
 * The sections whose sub-section forms have unsaved edits waiting in the vault (shared/src/drafts) for this
 * application (`prefix`): told once the flow is known and whenever the vault brings edits back (after a sign-in,
 * which may finish after the page opened).
 */
export function useRestoredSections(prefix: string | undefined, flow: FlowConfig | null, open: (sectionIds: string[]) => void): void {
  const waiting = useStore(draftStore, (s) => s.restored);
  // A fresh closure each render: the vault and the flow are what trigger it.
  const opener = useRef(open);
  opener.current = open;
  useEffect(() => {
    if (!prefix || !flow) return;
    const subIds = new Set(Object.keys(waiting).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)));
    if (!subIds.size) return;
    const sections = (flow.sections ?? []).filter((s) => s.subSections.some((sub) => subIds.has(sub.subSectionId))).map((s) => s.sectionId);
    if (sections.length) opener.current(sections);
  }, [prefix, flow, waiting]);
}
