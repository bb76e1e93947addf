import { useId } from 'react';
import { useT } from '@lendline/shared';
import { refreshTheme } from './apply-theme';
import { setTenantId, useTenant } from '../../lib/tenant-store';

/** Header control: switching tenant re-themes the page in place. */
export function TenantSwitch() {
  const { tenantId, tenants } = useTenant();
  const t = useT();
  const id = useId();
  if (tenants.length < 2) return null;
  return (
    <div className="ll-switch">
      <label htmlFor={id}>{t('app.tenant')}</label>
      <select
        id={id}
        value={tenantId ?? tenants[0].id}
        onChange={(e) => {
          setTenantId(e.target.value);
          void refreshTheme();
        }}
      >
        {tenants.map((tn) => (
          <option key={tn.id} value={tn.id}>
            {tn.name}
          </option>
        ))}
      </select>
    </div>
  );
}
