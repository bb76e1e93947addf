import { refused } from '../errors';

/** Bounds of POST /util/xmlToJSON: bureau and bank replies in XML are far below these. */
export const XML_LIMITS = { maxChars: 200_000, maxDepth: 32, maxNodes: 20_000 };

type Node = { [k: string]: unknown };
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * XML → JSON for the external systems that still answer in XML (bureau reports). A small parser on purpose, so what it
 * accepts is what is written here: no DTD (a DOCTYPE or ENTITY declaration is refused, so no entity expansion — no
 * "billion laughs", no external entities), only the five predefined entities and numeric character references,
 * bounded size, depth and node count, and no prototype keys. Elements become objects (attributes as "@name", text as
 * "#text", or the text itself when an element has nothing else); repeated children become arrays.
 */
export function xmlToJson(xml: string): Record<string, unknown> {
  if (xml.length > XML_LIMITS.maxChars) throw refused('xml', `The XML is longer than ${XML_LIMITS.maxChars} characters`);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw refused('xml', 'DOCTYPE and ENTITY declarations are not accepted');
  let i = 0;
  let nodes = 0;
  const fail = (why: string): never => {
    throw refused('xml', `${why} at character ${i}`);
  };
  const decode = (s: string) =>
    s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]+);|&/g, (m, e: string | undefined) => {
      if (!e) return fail('A bare & is not allowed');
      if (e[0] === '#') {
        const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return fail('Invalid character reference');
        return String.fromCodePoint(code);
      }
      return PREDEFINED[e] ?? fail(`Unknown entity &${e};`);
    });
  const skipMisc = () => {
    for (;;) {
      while (/\s/.test(xml[i] ?? '')) i++;
      if (xml.startsWith('<?', i)) {
        const end = xml.indexOf('?>', i);
        if (end < 0) fail('Unclosed processing instruction');
        i = end + 2;
      } else if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i);
        if (end < 0) fail('Unclosed comment');
        i = end + 3;
      } else return;
    }
  };
  const NAME = /[A-Za-z_][\w.:-]{0,99}/y;
  const name = () => {
    NAME.lastIndex = i;
    const m = NAME.exec(xml);
    if (!m) fail('Expected a name');
    i += m![0].length;
    if (m![0] === '__proto__' || m![0] === 'constructor' || m![0] === 'prototype') fail('Reserved name');
    return m![0];
  };
  const add = (o: Node, k: string, v: unknown) => {
    if (!Object.prototype.hasOwnProperty.call(o, k)) o[k] = v;
    else if (Array.isArray(o[k])) (o[k] as unknown[]).push(v);
    else o[k] = [o[k], v];
  };
  const element = (depth: number): [string, unknown] => {
    if (depth > XML_LIMITS.maxDepth) fail(`Nesting deeper than ${XML_LIMITS.maxDepth}`);
    if (++nodes > XML_LIMITS.maxNodes) fail(`More than ${XML_LIMITS.maxNodes} elements`);
    if (xml[i] !== '<') fail('Expected <');
    i++;
    const tag = name();
    const node: Node = Object.create(null);
    for (;;) {
      while (/\s/.test(xml[i] ?? '')) i++;
      if (xml.startsWith('/>', i)) {
        i += 2;
        return [tag, Object.keys(node).length ? { ...node } : ''];
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      const attr = name();
      while (/\s/.test(xml[i] ?? '')) i++;
      if (xml[i] !== '=') fail('Expected =');
      i++;
      while (/\s/.test(xml[i] ?? '')) i++;
      const q = xml[i];
      if (q !== '"' && q !== "'") fail('Expected a quoted attribute value');
      const end = xml.indexOf(q, i + 1);
      if (end < 0) fail('Unclosed attribute value');
      const raw = xml.slice(i + 1, end);
      if (raw.includes('<')) fail('< in an attribute value');
      add(node, `@${attr}`, decode(raw));
      i = end + 1;
    }
    let text = '';
    for (;;) {
      if (i >= xml.length) fail(`Unclosed <${tag}>`);
      if (xml.startsWith('</', i)) {
        i += 2;
        if (name() !== tag) fail(`Mismatched closing tag for <${tag}>`);
        while (/\s/.test(xml[i] ?? '')) i++;
        if (xml[i] !== '>') fail('Expected >');
        i++;
        break;
      }
      if (xml.startsWith('<![CDATA[', i)) {
        const end = xml.indexOf(']]>', i);
        if (end < 0) fail('Unclosed CDATA');
        text += xml.slice(i + 9, end);
        i = end + 3;
      } else if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i);
        if (end < 0) fail('Unclosed comment');
        i = end + 3;
      } else if (xml[i] === '<') {
        const [k, v] = element(depth + 1);
        add(node, k, v);
      } else {
        const next = xml.indexOf('<', i);
        const end = next < 0 ? xml.length : next;
        text += decode(xml.slice(i, end));
        i = end;
      }
    }
    const t = text.trim();
    if (!Object.keys(node).length) return [tag, t];
    if (t) node['#text'] = t;
    return [tag, { ...node }];
  };
  skipMisc();
  if (i >= xml.length) fail('No root element');
  const [root, value] = element(1);
  skipMisc();
  if (i < xml.length) fail('Content after the root element');
  return { [root]: value };
}
