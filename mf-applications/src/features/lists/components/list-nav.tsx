import { NavLink } from 'react-router-dom';
import { LIST_TYPES, useT } from '@lendline/shared';
import { listLabelKey, LIST_LABELS, listPath } from '../api/list-types';

/** Links to the nine §2 lists; the current one is marked for assistive technology too. */
export function ListNav() {
  const t = useT();
  return (
    <nav className="ll-list-nav" aria-label={t('areas.applications.lists.nav', undefined, 'Application lists')}>
      <ul>
        {LIST_TYPES.map((type) => (
          <li key={type}>
            <NavLink to={listPath(type)}>{t(listLabelKey(type), undefined, LIST_LABELS[type])}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
