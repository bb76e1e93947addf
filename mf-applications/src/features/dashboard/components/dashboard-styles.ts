import css from '../dashboard.css';

// The dashboard and its drill-down lists are their own chunks: their styles come with them, not with the lists' first
// render (bundle budget). Imported by each page of the feature, so a deep link to either page is styled.
if (typeof document !== 'undefined' && !document.getElementById('ll-dashboard-styles')) {
  const style = document.createElement('style');
  style.id = 'll-dashboard-styles';
  style.textContent = css;
  document.head.appendChild(style);
}
