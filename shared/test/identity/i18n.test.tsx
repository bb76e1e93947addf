import { act, render, screen } from '@testing-library/react';
import { translate } from '../../src/i18n/translate';
import { i18nStore, i18nUrl, setLanguage, t } from '../../src/i18n/store';
import { useT } from '../../src/i18n/use-t';

const DICTS: Record<string, Record<string, unknown>> = {
  en: { 'header.logout': 'Log out', session: { warning: 'in next {minutes} minute' }, only: 'English only' },
  hi: { 'header.logout': 'लॉग आउट', session: { warning: 'अगले {minutes} मिनट में' } },
};

// The shell bundle has one extra text; the server's dictionary wins where both have a key.
const SHELL: Record<string, Record<string, unknown>> = { en: { 'header.logout': 'Sign out', shellOnly: 'From the shell' }, hi: {} };
const fakeFetch = (async (url: string) => {
  const m = /\/assets\/i18n\/(shell\/)?(\w+)\.json$/.exec(url);
  const source = m?.[1] ? SHELL : DICTS;
  const lang = m?.[2] ?? '';
  return { ok: lang in source, status: lang in source ? 200 : 404, json: async () => source[lang] } as Response;
}) as unknown as typeof fetch;

beforeEach(() => i18nStore.setState({ lang: 'en', dictionaries: {}, error: null }));

describe('translate', () => {
  it('reads flat and nested keys, fills {params}, falls back to en then to the key', () => {
    const d = DICTS as never;
    expect(translate(d, 'hi', 'header.logout')).toBe('लॉग आउट');
    expect(translate(d, 'hi', 'session.warning', { minutes: 5 })).toBe('अगले 5 मिनट में');
    expect(translate(d, 'hi', 'only')).toBe('English only');
    expect(translate(d, 'hi', 'missing.key')).toBe('missing.key');
  });
});

describe('i18n store and useT', () => {
  it('loads ./assets/i18n/{lang}.json from the site root', () => {
    expect(i18nUrl('en')).toBe('/assets/i18n/en.json');
  });

  it('merges the server dictionary over the shell texts', async () => {
    await setLanguage('en', fakeFetch);
    expect(t('header.logout')).toBe('Log out');
    expect(t('shellOnly')).toBe('From the shell');
  });

  it('switches language, remembers it and re-renders components using useT', async () => {
    function Label() {
      const tr = useT();
      return <span>{tr('header.logout')}</span>;
    }
    await act(() => setLanguage('en', fakeFetch));
    render(<Label />);
    expect(screen.getByText('Log out')).toBeTruthy();
    await act(() => setLanguage('hi', fakeFetch));
    expect(screen.getByText('लॉग आउट')).toBeTruthy();
    expect(localStorage.getItem('lendline.language')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(t('only')).toBe('English only');
  });

  it('keeps the current language and records the error when a dictionary cannot load', async () => {
    const failing = (async () => ({ ok: false, status: 500, json: async () => ({}) })) as unknown as typeof fetch;
    await setLanguage('hi', failing);
    expect(i18nStore.getState().lang).toBe('en');
    expect(i18nStore.getState().error).toMatch(/HTTP 500/);
  });
});
