import { useEffect, useId, useRef } from 'react';
import { SUPPORTED_LANGUAGES, setLanguage, useLanguage, useT } from '@lendline/shared';

/** Header control: every text of the shell and the remotes follows the shared i18n store. */
export function LanguageSwitch() {
  const lang = useLanguage();
  const t = useT();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // On a page painted by the server (issue 31) the select is there before this script: a language picked meanwhile
  // changed the element but reached no handler. Taken over once hydrated, as the login form takes over what was typed.
  useEffect(() => {
    const picked = select.current?.value;
    if (picked && picked !== lang && SUPPORTED_LANGUAGES.some((l) => l.code === picked)) void setLanguage(picked);
    // Once, at mount: what the element held before React did.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="ll-switch">
      <label htmlFor={id}>{t('app.language')}</label>
      <select ref={select} id={id} value={lang} onChange={(e) => void setLanguage(e.target.value)}>
        {SUPPORTED_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
