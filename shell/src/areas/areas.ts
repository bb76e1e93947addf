import type { RemoteName } from '@lendline/shared';

export interface AreaDef {
  /** Area id, also the id suffix of its DOM element. */
  id: string;
  label: string;
  remote: RemoteName;
  /** single-spa activity function over the routes of §2. */
  activeWhen(location: Location): boolean;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(prefix + '/');

/** One single-spa application per area (which remote owns which §2 routes). */
export const AREAS: AreaDef[] = [
  {
    id: 'portal',
    label: 'Apply',
    remote: 'mf_portal',
    activeWhen: ({ pathname: p }) =>
      under(p, '/newapplication') || under(p, '/payments') || under(p, '/dynamic-resume') || under(p, '/backstage/newapplication'),
  },
  {
    id: 'applications',
    label: 'Applications',
    remote: 'mf_applications',
    activeWhen: ({ pathname: p }) =>
      under(p, '/backstage') && !['/backstage/newapplication', '/backstage/tasks', '/backstage/notifications', '/backstage/video'].some((x) => under(p, x)),
  },
  { id: 'tasks', label: 'Tasks', remote: 'mf_tasks', activeWhen: ({ pathname: p }) => under(p, '/backstage/tasks') },
  { id: 'notifications', label: 'Notifications', remote: 'mf_notifications', activeWhen: ({ pathname: p }) => under(p, '/backstage/notifications') },
  { id: 'video', label: 'Video', remote: 'mf_video', activeWhen: ({ pathname: p }) => under(p, '/backstage/video') || under(p, '/video-call') },
];

export const AREA_HOME: Record<string, string> = {
  portal: '/newapplication',
  applications: '/backstage',
  tasks: '/backstage/tasks',
  notifications: '/backstage/notifications',
  video: '/backstage/video',
};

export function activeArea(location: Location): AreaDef | undefined {
  return AREAS.find((a) => a.activeWhen(location));
}
