import { Type } from '@sinclair/typebox';
import { Code } from '../../domain/bounds';
import { Enum } from '../common/schemas';

/** Schemas the managers' routes share (issue 18). */
const Ids = (description: string) => Type.Optional(Type.Array(Code(60), { maxItems: 200, description }));

/** The groups a hierarchy call is narrowed by: any of each named kind, all named kinds at once. */
export const GeoGroups = {
  zoneIDs: Ids('Zones to narrow to'),
  regionIDs: Ids('Regions to narrow to'),
  areaIDs: Ids('Areas to narrow to'),
  branchList: Ids('Branch codes (users\' attributes.branchList, e.g. NORTH) to narrow to'),
};

export const Level = Enum(['ALL', 'ZONE', 'REGION', 'AREA', 'BRANCH', 'OWN'], 'The caller\'s level: which of their attributes bounds what they see');

/** A calendar month, the period of targets and of the target calls. */
export const Period = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'Calendar month YYYY-MM' });
/** A day (UTC), the bounds of dashboard periods. */
export const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'Day YYYY-MM-DD (UTC)' });

/** The dashboard's filter: a period of days and, optionally, branches and products (the dashboard and its drill-down). */
export const DashboardFilter = {
  from: Day,
  to: Day,
  branch: Type.Optional(Type.Array(Code(60), { maxItems: 200, description: 'Branch teams (e.g. BR-NORTH); default every branch the caller sees' })),
  product_code: Type.Optional(Type.Array(Code(40), { maxItems: 20 })),
};
