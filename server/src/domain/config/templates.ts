import type { ConfigMode } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';

export interface TemplateVersion {
  template_id: string;
  template_name: string;
  template_type: string;
  verNum: number;
  mode: ConfigMode;
}

/** Every version of the templates of the given types (all types when none are given). */
export async function templateVersions(db: Queryable, types: string[] | null): Promise<TemplateVersion[]> {
  const { rows } = await db.query<TemplateVersion>(
    `SELECT template_id, template_name, template_type, ver_num AS "verNum", mode FROM templates
      WHERE ($1::text[] IS NULL OR template_type = ANY($1)) ORDER BY template_type, template_id, ver_num`,
    [types?.length ? types : null],
  );
  return rows;
}
