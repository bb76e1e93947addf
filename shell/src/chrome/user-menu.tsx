import { Menu, type MenuSectionDef } from '@lendline/shared/ui';
import { ChevronDownIcon } from '@lendline/shared/ui/icons';
import { SUPPORTED_LANGUAGES, displayNameOf, setLanguage, useLanguage, useT, type User } from '@lendline/shared';
import { logout } from '../api/session-api';
import { refreshTheme } from '../features/theme/apply-theme';
import { setTenantId, useTenant } from '../lib/tenant-store';

/** Two letters for the avatar: the initials of the first and last word of the name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const first = Array.from(words[0])[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * The signed-in user's menu (the kit's Menu): language, tenant (only when the deployment serves several and the page
 * is not the customer's) and sign-out, in place of the pickers that sat beside the name. Choosing a language or a
 * tenant acts at once, as the pickers did; the menu closes and focus goes back to the button.
 */
export function UserMenu({ user, showTenant }: { user: User; showTenant: boolean }) {
  const t = useT();
  const lang = useLanguage();
  const { tenantId, tenants } = useTenant();
  const name = displayNameOf(user);
  const sections: MenuSectionDef[] = [
    {
      id: 'language',
      title: t('app.language'),
      selectedId: `lang:${lang}`,
      items: SUPPORTED_LANGUAGES.map((l) => ({ id: `lang:${l.code}`, label: l.label, lang: l.code })),
    },
  ];
  if (showTenant && tenants.length > 1) {
    sections.push({
      id: 'tenant',
      title: t('app.tenant'),
      selectedId: `tenant:${tenantId ?? tenants[0].id}`,
      items: tenants.map((tn) => ({ id: `tenant:${tn.id}`, label: tn.name })),
    });
  }
  sections.push({ id: 'account', items: [{ id: 'logout', label: t('nav.logout') }] });
  const onAction = (id: string) => {
    if (id === 'logout') return void logout();
    if (id.startsWith('lang:')) return void setLanguage(id.slice(5));
    if (id.startsWith('tenant:')) {
      setTenantId(id.slice(7));
      void refreshTheme();
    }
  };
  return (
    <Menu
      testId="user-menu"
      buttonClassName="ll-user-menu"
      // The button's name comes from its content, not an aria-label: the visible initials and name would otherwise
      // not be part of the name (axe: label-content-name-mismatch). Seen: initials and name; heard: "{name}, account menu".
      label={
        <>
          <span className="ll-user-menu__avatar" aria-hidden="true">
            {initialsOf(name)}
          </span>
          <span className="ll-user" data-testid="user-display-name" aria-hidden="true">
            {name}
          </span>
          <span className="ll-visually-hidden">{t('staffFrame.userMenu', { name })}</span>
          <ChevronDownIcon />
        </>
      }
      sections={sections}
      onAction={onAction}
    />
  );
}
