/** Helpers for the front workspaces' jsdom tests: the UI kit's controls as a person uses them. */
export { kitSelect } from './kit-select';
