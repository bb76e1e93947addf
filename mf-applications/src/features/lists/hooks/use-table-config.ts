import { useEffect, useState } from 'react';
import type { ListType } from '@lendline/shared';
import { fetchTableConfig, type TableConfig } from '../../../api/table-config';

export function useTableConfig(type: ListType): { config: TableConfig | null; error: Error | null } {
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
  return state.type === type ? state : { config: null, error: null };
}
