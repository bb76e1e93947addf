import { addStyleOnce } from '@lendline/shared';
import css from './documents.css';

const ID = 'll-documents-styles';

/** The tab's styles, added once to the page (the shell owns the base styles and theme variables). */
export function ensureDocumentStyles(): void {
  addStyleOnce(ID, css);
}
