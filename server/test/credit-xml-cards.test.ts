import { xmlToJson } from '../src/domain/credit/xml';
import { identifyCard } from '../src/domain/credit/card-types';
import { HttpError } from '../src/domain/errors';
import type { Json } from './helpers/json';

/** /util/xmlToJSON's parser (bounded, no DTD, no entity expansion) and /collectionConfig/cardTypes' recognition. */
const refusal = (xml: string): Json => {
  try {
    xmlToJson(xml);
  } catch (e) {
    return (e as HttpError).body as Json;
  }
  throw new Error('expected a refusal');
};

describe('xmlToJSON', () => {
  test('a bureau-like reply: attributes, text, repeated elements as arrays, the five entities and character references', () => {
    const xml = `<?xml version="1.0"?><!-- reply --><report id="7"><score>781</score><account type="PL"><lender>A &amp; B</lender></account><account type="CC"><lender>&#x43;&#68;</lender></account><note><![CDATA[<raw>]]></note><empty/></report>`;
    expect(xmlToJson(xml)).toEqual({ report: { '@id': '7', score: '781', account: [{ '@type': 'PL', lender: 'A & B' }, { '@type': 'CC', lender: 'CD' }], note: '<raw>', empty: '' } });
  });

  test('DOCTYPE / ENTITY (billion laughs, external entities) are refused before any parsing', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(refusal(bomb)).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'xml', reason: 'DOCTYPE and ENTITY declarations are not accepted' }] });
    expect(refusal('<a>&xxe;</a>').data[0].reason).toMatch(/^Unknown entity &xxe; at character/);
  });

  test('malformed, too deep, too many elements, prototype keys: 400 naming the problem', () => {
    expect(refusal('<a><b></a>').data[0].reason).toMatch(/^Mismatched closing tag for <b>/);
    expect(refusal('<a>').data[0].reason).toMatch(/^Unclosed <a>/);
    expect(refusal('<a/><b/>').data[0].reason).toMatch(/^Content after the root element/);
    expect(refusal('<a>x & y</a>').data[0].reason).toMatch(/^A bare & is not allowed/);
    expect(refusal('<x>'.repeat(40) + '</x>'.repeat(40)).data[0].reason).toMatch(/^Nesting deeper than 32/);
    expect(refusal(`<r>${'<i/>'.repeat(20001)}</r>`).data[0].reason).toMatch(/^More than 20000 elements/);
    expect(refusal('<__proto__/>').data[0].reason).toMatch(/^Reserved name/);
    const parsed = xmlToJson('<r><constructorX>1</constructorX></r>');
    expect(Object.getPrototypeOf(parsed.r)).toBe(Object.prototype);
  });
});

describe('card types', () => {
  test.each([
    ['4111 1111 1111 1111', 'VISA', true],
    ['5500-0000-0000-0004', 'MASTERCARD', true],
    ['2221000000000009', 'MASTERCARD', true],
    ['378282246310005', 'AMEX', true],
    ['6521000000000007', 'RUPAY', true],
    ['6521000000000008', 'RUPAY', false],
    ['4111111111111112', 'VISA', false],
    ['9999999999999995', null, false],
  ])('%s → %s (valid %s)', (n, type, valid) => {
    expect(identifyCard(n)).toEqual({ type, valid, lastFour: n.replace(/\D/g, '').slice(-4) });
  });
});
