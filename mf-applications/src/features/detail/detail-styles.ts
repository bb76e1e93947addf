import { addStyleOnce } from '@lendline/shared';
import css from './detail.css';

const ID = 'll-application-detail-styles';

/** The detail page's styles, added once when the page first mounts (its chunk is loaded only then). */
export function ensureDetailStyles(): void {
  addStyleOnce(ID, css);
}
