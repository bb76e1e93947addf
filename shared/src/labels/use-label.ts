import { useCallback } from 'react';
import { useStore } from 'zustand';
import { i18nStore } from '../i18n/store';
import type { LabelKind } from './codes';
import { labelIn } from './label-of';
import { configNameIn, type ConfigNameKind } from './config-names';

/** A code's label in `lang` (the page's language by default) from the page's loaded language files. */
export function labelOf(kind: LabelKind, code: string | null | undefined, lang?: string): string {
  const s = i18nStore.getState();
  return labelIn(s.dictionaries, kind, code, lang ?? s.lang);
}

export type LabelFunction = (kind: LabelKind, code: string | null | undefined) => string;

/** labelOf for components: re-renders when the language or its dictionary changes, like useT. */
export function useLabel(): LabelFunction {
  const lang = useStore(i18nStore, (s) => s.lang);
  const dictionaries = useStore(i18nStore, (s) => s.dictionaries);
  return useCallback((kind, code) => labelIn(dictionaries, kind, code, lang), [dictionaries, lang]);
}

/** A configured thing's name (step, task, product, decline reason, template) in `lang` (the page's by default). */
export function configName(kind: ConfigNameKind, name: string | null | undefined, lang?: string): string {
  const s = i18nStore.getState();
  return configNameIn(s.dictionaries, kind, name, lang ?? s.lang);
}

export type ConfigNameFunction = (kind: ConfigNameKind, name: string | null | undefined) => string;

/** configName for components: re-renders when the language or its dictionary changes. */
export function useConfigName(): ConfigNameFunction {
  const lang = useStore(i18nStore, (s) => s.lang);
  const dictionaries = useStore(i18nStore, (s) => s.dictionaries);
  return useCallback((kind, name) => configNameIn(dictionaries, kind, name, lang), [dictionaries, lang]);
}
