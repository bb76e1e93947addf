import { followLink } from '../lib/navigate';
import { useT } from '@lendline/shared';
import { AREAS, AREA_HOME } from '../areas/areas';
import { useInsightAccess } from './insight-access';
import { addStaffFrameStyles } from './staff-frame-styles';

interface NavLinkDef {
  id: string;
  href: string;
  /** Key and English fallback of its text. */
  label: [string, string];
  /** Whether the current address is this link's page. */
  current(path: string): boolean;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(prefix + '/');
const INSIGHT_PATHS = ['/backstage/dashboard', '/backstage/reports'];
const area = (id: string) => AREAS.find((a) => a.id === id)!;

/** Work: the areas where cases are handled (lists, tasks, notifications, video, and applying on someone's behalf). */
const WORK: NavLinkDef[] = ['applications', 'tasks', 'notifications', 'video', 'portal'].map((id) => ({
  id,
  href: AREA_HOME[id],
  label: [`areas.${id}.label`, area(id).label],
  current: (p) => area(id).activeWhen({ pathname: p } as Location) && !INSIGHT_PATHS.some((x) => under(p, x)),
}));

/** Insight: the managers' pages (mf-applications), for users of the REPORTS activity group only. */
const INSIGHT: NavLinkDef[] = [
  { id: 'dashboard', href: '/backstage/dashboard', label: ['areas.applications.dashboard.link', 'Dashboard'], current: (p) => under(p, '/backstage/dashboard') },
  { id: 'reports', href: '/backstage/reports', label: ['areas.applications.reports.link', 'Reports'], current: (p) => under(p, '/backstage/reports') },
];

function Group({ id, title, links, path }: { id: string; title: string; links: NavLinkDef[]; path: string }) {
  const t = useT();
  const labelId = `ll-nav-${id}`;
  return (
    <li className="ll-nav__group">
      <span id={labelId} className="ll-nav__group-label">
        {title}
      </span>
      <ul aria-labelledby={labelId}>
        {links.map((l) => (
          <li key={l.id}>
            <a href={l.href} onClick={followLink} aria-current={l.current(path) ? 'page' : undefined} data-nav={l.id}>
              {t(l.label[0], undefined, l.label[1])}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The staff's main navigation, in two named groups: Work and, for those who have it, Insight. One landmark named
 * "Main" as before, so every link keeps its name and place for keyboards and journeys. Its own chunk with its rules
 * (loaded once someone is signed in), so the login page's first render does not carry them.
 */
export function MainNav({ userName, path }: { userName: string; path: string }) {
  const t = useT();
  addStaffFrameStyles();
  const insight = useInsightAccess(userName);
  return (
    <nav className="ll-nav" aria-label={t('header.mainNav')}>
      <ul className="ll-nav__groups">
        <Group id="work" title={t('staffFrame.work')} links={WORK} path={path} />
        {insight && <Group id="insight" title={t('staffFrame.insight')} links={INSIGHT} path={path} />}
      </ul>
    </nav>
  );
}
