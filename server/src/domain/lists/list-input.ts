import { Type } from '@sinclair/typebox';
import { APPLICATION_STATUSES, FILTER_OPERATORS, GRID_PAGE_SIZES, LIST_TYPES, PAGE_SIZES } from '@lendline/shared/contract';
import { Int4, OneOf, OneOrMany, Text } from '../bounds';

const operators = [...new Set(Object.values(FILTER_OPERATORS).flat())];
const Nullable = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

/** Longest text a list narrows by (names, steps, filter values): far above any stored value, far below a page. */
export const MAX_LIST_TEXT = 200;
/** Values of one dropdown filter, filters of one list. */
export const MAX_LIST_VALUES = 100;
export const MAX_FILTERS = 50;
/** A cursor this server issued is ~80 characters, more when it carries a long sort value (cursor.ts). */
export const MAX_CURSOR = 4096;

const FilterValue = Type.Union([Text(MAX_LIST_TEXT), Type.Number()]);

/** One §5 filter (ListFilter); which operators suit which field type is the domain's check (filters.ts). */
export const ListFilterInput = Type.Object({
  field: Text(80, 1),
  operator: OneOf(operators),
  value: OneOrMany(FilterValue, MAX_LIST_VALUES),
  type: Type.Optional(OneOf(Object.keys(FILTER_OPERATORS) as (keyof typeof FILTER_OPERATORS)[])),
});

/**
 * The §3 list query inputs every list route takes (and the list GraphQL's arguments), bounded: list types, statuses
 * and operators are enumerations, every text and list has a length, numbers are int4. Other keys are allowed (the
 * clients send more than a list reads) and ignored. The domain checks the same again (list-service.ts), for
 * callers that do not come through a route schema.
 */
export const ListInput = Type.Object({
  queryType: Nullable(Type.Union([OneOf(LIST_TYPES), Type.Literal('')])),
  listType: Nullable(Type.Union([OneOf(LIST_TYPES), Type.Literal('')])),
  _applicationStatus: Nullable(OneOrMany(OneOf(APPLICATION_STATUSES), 10)),
  product_code: Nullable(OneOrMany(Text(40), MAX_LIST_VALUES)),
  productType: Nullable(OneOrMany(Text(40), MAX_LIST_VALUES)),
  progress: Nullable(OneOrMany(Text(40), 10)),
  teams: Nullable(OneOrMany(Text(100), MAX_LIST_VALUES)),
  userIds: Nullable(OneOrMany(Text(100), MAX_LIST_VALUES)),
  allowedUsers: Nullable(OneOrMany(Text(100), MAX_LIST_VALUES)),
  initiatedBy: Nullable(Text(100)),
  stepName: Nullable(Text(MAX_LIST_TEXT)),
  taskName: Nullable(Text(MAX_LIST_TEXT)),
  applicant: Nullable(Text(MAX_LIST_TEXT)),
  _verNum: Nullable(Int4()),
  filter: Nullable(Type.Union([ListFilterInput, Type.Array(ListFilterInput, { maxItems: MAX_FILTERS })])),
  pagination: Nullable(
    Type.Object({
      pageSize: Nullable(Type.Union([...[...PAGE_SIZES, ...GRID_PAGE_SIZES].map((n) => Type.Literal(n)), Type.String({ pattern: '^[0-9]{1,3}$' })])),
      cursor: Nullable(Text(MAX_CURSOR)),
      page: Nullable(Int4()),
    }),
  ),
  sort: Nullable(Type.Object({ field: Text(80), order: Type.Optional(Text(10)) })),
  export: Type.Optional(Type.Boolean()),
  counts: Type.Optional(Type.Boolean()),
  drafts: Type.Optional(Type.Boolean({ description: 'The Drafts: portal applications without the identity asked first, instead of the work' })),
  // search (search.ts): the text under any of the names the clients use
  searchText: Nullable(Text(100)),
  search: Nullable(Text(100)),
  query: Nullable(Text(100)),
  searchKey: Nullable(Text(100)),
  fields: Type.Optional(Type.Array(Text(80), { maxItems: 20 })),
});
