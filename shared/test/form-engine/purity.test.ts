/**
 * @jest-environment node
 *
 * The server imports the form engine through contract.ts, so the engine and the formatters must stay free of
 * React and of browser globals; this guards against an import creeping in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contract from '../../src/contract';

const dirs = [join(__dirname, '../../src/form-engine'), join(__dirname, '../../src/format')];

describe('form-engine purity', () => {
  it('imports nothing but yup, moment and its own modules', () => {
    for (const dir of dirs) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
        const src = readFileSync(join(dir, file), 'utf8');
        const specifiers = [...src.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
        for (const s of specifiers) expect([file, s.startsWith('.') || s === 'yup' || s === 'moment']).toEqual([file, true]);
        const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
        expect([file, /\b(window|document|localStorage)\./.test(code)]).toEqual([file, false]);
      }
    }
  });

  it('is exported through contract.ts for Node', () => {
    expect(typeof contract.validateValues).toBe('function');
    expect(typeof contract.nextStep).toBe('function');
    expect(typeof contract.formatCurrency).toBe('function');
  });
});
