import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { refused } from '../errors';
import { applicationView } from '../applications/view';
import { buildListRequest, fetchCounts, fetchPage } from './list-service';
import { invalidText } from '../../http/input-guard';

/**
 * A small parser for the fixed query shapes the client sends to POST /v3/graphql (§7): an optional
 * `query Name($var: Type = default)` header, then top-level fields `applications(...)` and
 * `application(application_id: ...)` with arguments (literals or $variables) and selection sets.
 * No fragments, directives or mutations — anything else is refused with 1101.
 */
export interface Selection {
  alias: string;
  name: string;
  args: Record<string, unknown>;
  selections: Selection[] | null;
}

type Token = { kind: 'punct' | 'name' | 'number' | 'string' | 'var'; value: string };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (/[\s,]/.test(ch)) { i++; continue; }
    if (ch === '#') { while (i < src.length && src[i] !== '\n') i++; continue; }
    if ('{}()[]:=!'.includes(ch)) { out.push({ kind: 'punct', value: ch }); i++; continue; }
    if (ch === '$') {
      const m = /^\$([_A-Za-z][_0-9A-Za-z]*)/.exec(src.slice(i));
      if (!m) throw bad(`bad variable at ${i}`);
      out.push({ kind: 'var', value: m[1] });
      i += m[0].length;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      if (j >= src.length) throw bad('unterminated string');
      out.push({ kind: 'string', value: JSON.parse(src.slice(i, j + 1)) });
      i = j + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(src.slice(i));
    if (num) { out.push({ kind: 'number', value: num[0] }); i += num[0].length; continue; }
    const name = /^[_A-Za-z][_0-9A-Za-z]*/.exec(src.slice(i));
    if (name) { out.push({ kind: 'name', value: name[0] }); i += name[0].length; continue; }
    throw bad(`unexpected character "${ch}" at ${i}`);
  }
  return out;
}

const bad = (reason: string) => refused('query', reason);

/** Nesting of selections and of list/object literals: far beyond any list query, far below a stack overflow. */
const MAX_DEPTH = 32;

class Parser {
  private i = 0;
  private depth = 0;
  private enter() {
    if (++this.depth > MAX_DEPTH) throw bad(`nests deeper than ${MAX_DEPTH} levels`);
  }
  constructor(private readonly t: Token[], private readonly vars: Record<string, unknown>) {}
  private peek(value?: string): boolean {
    const tok = this.t[this.i];
    return !!tok && (value === undefined || (tok.kind === 'punct' || tok.kind === 'name' ? tok.value === value : false));
  }
  private next(): Token {
    const tok = this.t[this.i++];
    if (!tok) throw bad('unexpected end of query');
    return tok;
  }
  private expect(value: string) {
    const tok = this.next();
    if (tok.value !== value || (tok.kind !== 'punct' && tok.kind !== 'name')) throw bad(`expected "${value}", found "${tok.value}"`);
  }
  document(): Selection[] {
    if (this.peek('mutation') || this.peek('subscription') || this.peek('fragment')) throw bad('only queries are supported');
    if (this.peek('query')) {
      this.next();
      if (this.t[this.i]?.kind === 'name') this.next();
      if (this.peek('(')) this.variableDefinitions();
    }
    const set = this.selectionSet();
    if (this.i !== this.t.length) throw bad('unexpected text after the query');
    return set;
  }
  private variableDefinitions() {
    this.expect('(');
    while (!this.peek(')')) {
      const v = this.next();
      if (v.kind !== 'var') throw bad('expected a $variable');
      this.expect(':');
      this.type();
      if (this.peek('=')) {
        this.next();
        const d = this.value();
        if (!(v.value in this.vars)) this.vars[v.value] = d;
      }
    }
    this.expect(')');
  }
  private type() {
    this.enter();
    if (this.peek('[')) { this.next(); this.type(); this.expect(']'); }
    else if (this.next().kind !== 'name') throw bad('expected a type name');
    if (this.peek('!')) this.next();
    this.depth--;
  }
  private selectionSet(): Selection[] {
    this.enter();
    this.expect('{');
    const out: Selection[] = [];
    while (!this.peek('}')) {
      const first = this.next();
      if (first.kind !== 'name') throw bad(`expected a field name, found "${first.value}"`);
      let alias = first.value;
      let name = first.value;
      if (this.peek(':')) {
        this.next();
        const n = this.next();
        if (n.kind !== 'name') throw bad('expected a field name after the alias');
        name = n.value;
      }
      const args = this.peek('(') ? this.arguments() : {};
      const selections = this.peek('{') ? this.selectionSet() : null;
      out.push({ alias, name, args, selections });
    }
    this.expect('}');
    this.depth--;
    return out;
  }
  private arguments(): Record<string, unknown> {
    this.expect('(');
    const out: Record<string, unknown> = {};
    while (!this.peek(')')) {
      const k = this.next();
      if (k.kind !== 'name') throw bad('expected an argument name');
      this.expect(':');
      out[k.value] = this.value();
    }
    this.expect(')');
    return out;
  }
  private value(): unknown {
    this.enter();
    try {
      return this.literal();
    } finally {
      this.depth--;
    }
  }
  private literal(): unknown {
    const tok = this.next();
    switch (tok.kind) {
      case 'var': return this.vars[tok.value];
      case 'number': return Number(tok.value);
      case 'string': return tok.value;
      case 'name': return tok.value === 'true' ? true : tok.value === 'false' ? false : tok.value === 'null' ? null : tok.value; // enums as strings
      default:
        if (tok.value === '[') {
          const list: unknown[] = [];
          while (!this.peek(']')) list.push(this.value());
          this.next();
          return list;
        }
        if (tok.value === '{') {
          const obj: Record<string, unknown> = {};
          while (!this.peek('}')) {
            const k = this.next();
            if (k.kind !== 'name') throw bad('expected an object field name');
            this.expect(':');
            obj[k.value] = this.value();
          }
          this.next();
          return obj;
        }
        throw bad(`unexpected "${tok.value}"`);
    }
  }
}

export function parseQuery(query: string, variables: Record<string, unknown> = {}): Selection[] {
  if (typeof query !== 'string' || !query.trim()) throw bad('is required');
  return new Parser(tokenize(query), { ...variables }).document();
}

/** Keeps only the selected keys (recursively, through lists); no selection set means the whole value. */
export function project(value: unknown, selections: Selection[] | null): unknown {
  if (!selections || value == null) return value;
  if (Array.isArray(value)) return value.map((v) => project(v, selections));
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const s of selections) {
    if (s.name === '__typename') continue;
    out[s.alias] = project((value as Record<string, unknown>)[s.name], s.selections);
  }
  return out;
}

const COUNT_FIELDS = ['count', 'stageWise', 'taskNameWise', 'versionNumberWise', 'closedCount'];

/** Runs the parsed query: each top-level field resolved and projected onto its selection set. */
export async function executeQuery(q: Queryable, user: CurrentUser, query: string, variables?: Record<string, unknown>) {
  const data: Record<string, unknown> = {};
  for (const field of parseQuery(query, variables)) {
    if (field.name === 'applications') {
      // Arguments are the §3 List query inputs, flat or wrapped in one object argument (input / query).
      const args = field.args.input && typeof field.args.input === 'object' ? (field.args.input as Record<string, unknown>) : field.args;
      const req = await buildListRequest(q, user, args);
      const wanted = new Set((field.selections ?? []).map((s) => s.name));
      const all = !field.selections;
      const page = all || wanted.has('data') || wanted.has('pageInfo') ? await fetchPage(q, req) : null;
      const counts = all || COUNT_FIELDS.some((k) => wanted.has(k)) ? await fetchCounts(q, req, all || wanted.has('closedCount')) : null;
      data[field.alias] = project({ ...(page ?? {}), ...(counts ?? {}) }, field.selections);
    } else if (field.name === 'application') {
      const id = field.args.application_id;
      if (typeof id !== 'string' || !id) throw refused('application_id', 'is required');
      if (id.length > 100 || invalidText(id)) throw refused('application_id', 'is not an application id');
      data[field.alias] = project(await applicationView(q, id, user), field.selections);
    } else {
      throw refused('query', `Unknown field "${field.name}"; this endpoint answers applications(...) and application(application_id)`);
    }
  }
  return { data };
}
