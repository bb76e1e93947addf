import type { FastifyRequest } from 'fastify';
import type { ErrorItem } from '@lendline/shared/contract';
import { validationFailed } from '../domain/errors';
import { invalidText } from '../domain/text';

/**
 * Deeper than any form document or filter the clients send; also what keeps later recursive code (schema checks,
 * JSON columns, the GraphQL variables) far from a stack overflow on a crafted body.
 */
export const MAX_INPUT_DEPTH = 64;

/** A key as it appears in a label: escaped (no NUL in the answer) and short (a 1 MB key is not echoed back). */
const shown = (key: string) => {
  const k = JSON.stringify(key).slice(1, -1);
  return k.length > 64 ? `${k.slice(0, 61)}...` : k;
};

/**
 * Containers of fields: parsed JSON, and the params and querystring objects (made by the router and the query parser
 * from prototypes of their own). A raw body (Buffer, stream) is the route's own business, not a tree of fields.
 */
function isPlainData(v: unknown): v is object {
  if (v === null || typeof v !== 'object') return false;
  return !(ArrayBuffer.isView(v) || v instanceof ArrayBuffer || typeof (v as { pipe?: unknown }).pipe === 'function');
}

/**
 * The first thing in a request part that no route may receive, as a §8 item labelled like schema errors
 * ('body.filter.0.value'): invalid text in a value or a key, a "__proto__" key (or constructor.prototype, as
 * Fastify's own JSON parser refuses them), a number JSON cannot carry back (1e400 parses as Infinity), or nesting
 * deeper than MAX_INPUT_DEPTH. Iterative, so a deep body cannot overflow the stack here.
 */
export function firstBadInput(part: string, value: unknown): ErrorItem | null {
  // The path of a node is built only when it is reported: a large form body costs one pass, no strings.
  interface Node { v: unknown; key: string | null; parent: Node | null; depth: number }
  const labelOf = (n: Node, key?: string) => {
    const keys: string[] = key === undefined ? [] : [shown(key)];
    for (let at: Node | null = n; at && at.key !== null; at = at.parent) keys.unshift(shown(at.key));
    return [part, ...keys].join('.');
  };
  const stack: Node[] = [{ v: value, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const { v, depth } = node;
    if (typeof v === 'string') {
      const reason = invalidText(v);
      if (reason) return { label: labelOf(node), reason };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { label: labelOf(node), reason: 'must be a finite number' };
    } else if (isPlainData(v)) {
      if (depth >= MAX_INPUT_DEPTH) return { label: labelOf(node), reason: `nests deeper than ${MAX_INPUT_DEPTH} levels` };
      for (const key of Object.keys(v)) {
        const keyReason = invalidText(key);
        if (keyReason) return { label: labelOf(node, key), reason: `key ${keyReason}` };
        const child = (v as Record<string, unknown>)[key];
        if (key === '__proto__' || (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype'))) {
          return { label: labelOf(node, key), reason: 'is not an allowed key' };
        }
        stack.push({ v: child, key, parent: node, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * The request's params, querystring and body as the route will see them (after the AES body is decrypted), refused
 * with 400/1101 naming the field when any of them holds what firstBadInput refuses.
 */
export function assertCleanInput(request: FastifyRequest): void {
  for (const [part, value] of [['params', request.params], ['querystring', request.query], ['body', request.body]] as const) {
    const bad = firstBadInput(part, value);
    if (bad) throw validationFailed([bad]);
  }
}
