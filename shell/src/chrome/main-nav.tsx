import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { followLink } from '../lib/navigate';
import { useT } from '@lendline/shared';
import { MenuIcon } from '@lendline/shared/ui/icons';
import { AREAS, AREA_HOME } from '../areas/areas';
import { useInsightAccess } from './insight-access';
import { addStaffFrameStyles } from './staff-frame-styles';
import { useNarrow } from './use-narrow';

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

function Group({ id, title, links, path, onFollow }: { id: string; title: string; links: NavLinkDef[]; path: string; onFollow?: () => void }) {
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
            <a
              href={l.href}
              onClick={(e: MouseEvent<HTMLAnchorElement>) => {
                followLink(e);
                onFollow?.();
              }}
              aria-current={l.current(path) ? 'page' : undefined}
              data-nav={l.id}
            >
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
 *
 * Below ~720 px (use-narrow.ts) the groups would wrap to a second row of the header: they collapse behind a "Menu"
 * button instead (WAI-ARIA's disclosure navigation: a button with aria-expanded and aria-controls, the same links in
 * a panel under it, still inside the "Main" landmark). Escape closes it and puts focus back on the button; following
 * a link, a click outside or focus leaving the navigation close it too.
 */
export function MainNav({ userName, path }: { userName: string; path: string }) {
  const t = useT();
  addStaffFrameStyles();
  const insight = useInsightAccess(userName);
  const narrow = useNarrow();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  useEffect(() => setOpen(false), [path, narrow]); // a new page, or a window turned wide, starts with the panel shut
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!navRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const groups = (
    <ul className="ll-nav__groups">
      <Group id="work" title={t('staffFrame.work')} links={WORK} path={path} onFollow={close} />
      {insight && <Group id="insight" title={t('staffFrame.insight')} links={INSIGHT} path={path} onFollow={close} />}
    </ul>
  );
  if (!narrow) {
    return (
      <nav className="ll-nav" aria-label={t('header.mainNav')}>
        {groups}
      </nav>
    );
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onBlur = (e: FocusEvent) => {
    if (e.relatedTarget && !navRef.current?.contains(e.relatedTarget as Node)) setOpen(false);
  };
  return (
    <nav ref={navRef} className="ll-nav ll-nav--narrow" aria-label={t('header.mainNav')} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button ref={buttonRef} type="button" className="ll-nav__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} data-testid="nav-toggle">
        <MenuIcon size={18} />
        {t('staffNav.menu')}
      </button>
      <div id={panelId} className="ll-nav__panel" hidden={!open}>
        {groups}
      </div>
    </nav>
  );
}
