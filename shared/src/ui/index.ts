// '@lendline/shared/ui': the UI kit (docs/ARCHITECTURE.md, UI kit). Its own entry, not part of
// '@lendline/shared': that one is in the shell's first render and cannot be tree-shaken, and
// react-aria is far too big to ride along with the login page. This entry is a Module Federation
// singleton of its own, so the page holds one copy of react-aria (its focus scopes and overlay
// stack must be one instance to nest correctly) and a remote released ahead of the shell falls
// back to its own copy instead of finding the entry missing from the shell's.
// Areas import the kit, never react-aria-components directly, so there is one react-aria on the page.
export * from './dialog';
export * from './toast-region';
export * from './menu';
export * from './tabs';
export * from './select';
export * from './date-field';
export * from './date-time-field';
export * from './tooltip';
export * from './button';
export * from './text-field';
export * from './text-area';
export * from './popover';
export * from './layout';
export { KIT_CSS } from './styles';
