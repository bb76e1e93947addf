import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** This folder: en.json, hi.json … (the build copies them next to the compiled code). */
export const I18N_DIR = __dirname;

/** A dictionary file name: a language, optionally with its region (en.json, en-IN.json). */
export const DICTIONARY_FILE = /^[a-z]{2}(-[A-Z]{2})?\.json$/;

/**
 * The dictionaries of `dir` by file name, as the JSON text served to browsers, read once. A broken dictionary throws
 * here so it stops the start-up instead of reaching a browser.
 */
export function loadDictionaries(dir = I18N_DIR): Map<string, string> {
  const dictionaries = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => DICTIONARY_FILE.test(f))) {
    const text = readFileSync(join(dir, file), 'utf8');
    JSON.parse(text);
    dictionaries.set(file, text);
  }
  return dictionaries;
}
