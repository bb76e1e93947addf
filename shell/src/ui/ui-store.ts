import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { ErrorModalContent } from '@lendline/shared';

export interface Toast {
  id: number;
  kind: 'info' | 'error' | 'success';
  text: string;
}

interface UiState {
  toasts: Toast[];
  errorModal: ErrorModalContent | null;
}

/** Shell-wide feedback: toasts (top center, §9) and the §2 error modal. One store, reset in tests. */
export const uiStore = createStore<UiState>(() => ({ toasts: [], errorModal: null }));

const TOAST_MS = 6000;
let nextId = 1;

export function showToast(text: string, kind: Toast['kind'] = 'info'): void {
  const id = nextId++;
  // The same text twice in a row (e.g. several calls failing with 401 at once) shows once.
  if (uiStore.getState().toasts.some((t) => t.text === text)) return;
  uiStore.setState((s) => ({ toasts: [...s.toasts, { id, kind, text }] }));
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number): void {
  uiStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

export function openErrorModal(content: ErrorModalContent): void {
  uiStore.setState({ errorModal: content });
}

export function closeErrorModal(): void {
  uiStore.setState({ errorModal: null });
}

export const useUi = <T,>(select: (s: UiState) => T) => useStore(uiStore, select);
