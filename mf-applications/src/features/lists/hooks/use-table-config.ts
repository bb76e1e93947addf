import { useEffect, useMemo, useState } from 'react';
import { useT, type ListType } from '@lendline/shared';
import { fetchTableConfig, type TableConfig } from '../../../api/table-config';

/** The i18n key of a column's header: the column's key, its dots made underscores (customFields.loanAmount). */
export const columnLabelKey = (key: string) => `areas.applications.listColumns.${key.replace(/\./g, '_')}`;

/**
 * The list's table configuration, its column headers in the page's language: the server's configuration names them in
 * English, which stays the fallback for a column the locale does not know (a tenant's own columns).
 */
export function useTableConfig(type: ListType): { config: TableConfig | null; error: Error | null } {
  const t = useT();
  const [state, setState] = useState<{ config: TableConfig | null; error: Error | null; type: ListType }>({ config: null, error: null, type });
  useEffect(() => {
    let live = true;
    fetchTableConfig(type).then(
      (config) => live && setState({ config, error: null, type }),
      (error: Error) => live && setState({ config: null, error, type }),
    );
    return () => {
      live = false;
    };
  }, [type]);
  const config = useMemo(
    () => state.config && { ...state.config, columns: state.config.columns.map((c) => ({ ...c, label: t(columnLabelKey(c.key), undefined, c.label) })) },
    [state.config, t],
  );
  return state.type === type ? { config, error: state.error } : { config: null, error: null };
}
