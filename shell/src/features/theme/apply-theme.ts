import { themeToCssVars, type ThemeInput } from '@lendline/shared';
import { fetchTenantTheme } from './theme-api';

let applied: string[] = [];

/**
 * Sets the tenant's CSS variables on :root. Every remote styles with the same variables, so a
 * switch re-themes the whole page at once without reloading any remote.
 */
export function applyTheme(theme: ThemeInput): void {
  const root = document.documentElement.style;
  for (const name of applied) root.removeProperty(name);
  const vars = themeToCssVars(theme);
  for (const [name, value] of Object.entries(vars)) root.setProperty(name, value);
  applied = Object.keys(vars);
}

/** Loads and applies the selected tenant's theme; the base stylesheet stays when none is published. */
export async function refreshTheme(): Promise<void> {
  try {
    const theme = await fetchTenantTheme();
    if (theme) applyTheme(theme);
  } catch {
    /* keep the current colours */
  }
}
