import { getArgumentValues, getVariableValues, Kind, OperationTypeNode } from 'graphql';
import type { FieldNode, GraphQLField, GraphQLSchema, OperationDefinitionNode, SelectionSetNode } from 'graphql';

/**
 * The list query's hot path, compiled. graphql-js resolves every field of every row through its general executor
 * (resolve info, completion, serialization per field): on a page of list rows that is most of the request's time
 * beside the SQL. The list page's query is always the same shape — `applications(...)` with plain field selections —
 * and its rows come from one function whose types match the schema (list-service.ts toListItem), so a document of
 * that shape, once graphql-js has parsed and validated it, is answered by copying the selected fields (aliases
 * honoured, a missing value is null) after graphql-js coerces its variables and arguments. Anything else —
 * fragments, directives, __typename, introspection, application(...) — goes through graphql-js execute.
 * test/domain-lists.test.ts runs documents through both and compares the answers.
 */

/** A field to copy into the answer: its response key, the field it reads, and what to copy of an object value. */
interface Pick {
  key: string;
  name: string;
  fields: Pick[] | null;
}

export interface RootPlan {
  key: string;
  node: FieldNode;
  /** The names selected directly under the root field (which parts of the list to read). */
  selected: Set<string>;
  fields: Pick[];
}

/** The plan of one selection set, or null when it is not plain fields with distinct response keys. */
function picksOf(set: SelectionSetNode): Pick[] | null {
  const out: Pick[] = [];
  const keys = new Set<string>();
  for (const s of set.selections) {
    if (s.kind !== Kind.FIELD || s.directives?.length || s.name.value.startsWith('__')) return null;
    const key = s.alias?.value ?? s.name.value;
    if (keys.has(key)) return null; // graphql-js would merge the two selections
    keys.add(key);
    const fields = s.selectionSet ? picksOf(s.selectionSet) : null;
    if (s.selectionSet && !fields) return null;
    out.push({ key, name: s.name.value, fields });
  }
  return out;
}

const plans = new WeakMap<OperationDefinitionNode, RootPlan[] | null>();

/** The compiled plan of a validated query whose every root field is `rootField`; null when it has another shape. */
export function planOf(operation: OperationDefinitionNode, rootField: string): RootPlan[] | null {
  if (plans.has(operation)) return plans.get(operation)!;
  let plan: RootPlan[] | null = [];
  if (operation.operation !== OperationTypeNode.QUERY || operation.directives?.length) plan = null;
  for (const s of operation.selectionSet.selections) {
    if (!plan) break;
    if (s.kind !== Kind.FIELD || s.name.value !== rootField || s.directives?.length || !s.selectionSet) {
      plan = null;
      break;
    }
    const fields = picksOf(s.selectionSet);
    const key = s.alias?.value ?? s.name.value;
    if (!fields || plan.some((p) => p.key === key)) plan = null;
    else plan.push({ key, node: s, selected: new Set(fields.map((f) => f.name)), fields });
  }
  plans.set(operation, plan);
  return plan;
}

/** graphql-js's coercion of the operation's variables: the values, or the errors a client gets. */
export function coerceVariables(schema: GraphQLSchema, operation: OperationDefinitionNode, inputs: Record<string, unknown> | undefined) {
  return getVariableValues(schema, operation.variableDefinitions ?? [], inputs ?? {}, { maxErrors: 50 });
}

/** A root field's arguments as graphql-js coerces them (literals and variables, defaults applied). */
export function argumentsOf(field: GraphQLField<unknown, unknown>, plan: RootPlan, variables: Record<string, unknown>): Record<string, unknown> {
  return getArgumentValues(field, plan.node, variables);
}

/** Copies the selected fields of a value (through lists); undefined answers null, as graphql-js does. */
export function project(value: unknown, fields: readonly Pick[] | null): unknown {
  if (value == null) return null;
  if (!fields) return value;
  if (Array.isArray(value)) return value.map((v) => project(v, fields));
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f.key] = project(source[f.name], f.fields);
  return out;
}

