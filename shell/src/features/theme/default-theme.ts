import type { ThemeInput } from '@lendline/shared';

/** The colours the page starts with before (or without) a tenant theme from the server. */
export const DEFAULT_THEME: ThemeInput = {
  primaryColor: '#1f4e8c',
  secondaryColor: '#00838f',
  backgroundColor: '#f6f7f9',
  surfaceColor: '#ffffff',
  typography: { primary: '#ffffff', secondary: '#ffffff', background: '#1b1f24', surface: '#1b1f24', disable: '#6b7380', error: '#b3261e', success: '#2e7d32' },
};
