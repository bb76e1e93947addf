import { addStyleOnce } from '@lendline/shared';
import css from '../dashboard.css';

// The dashboard and its drill-down lists are their own chunks: their styles come with them, not with the lists' first
// render (bundle budget). Imported by each page of the feature, so a deep link to either page is styled.
addStyleOnce('ll-dashboard-styles', css);
