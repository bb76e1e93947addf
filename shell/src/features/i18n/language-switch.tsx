import { useId } from 'react';
import { SUPPORTED_LANGUAGES, setLanguage, useLanguage, useT } from '@lendline/shared';

/** Header control: every text of the shell and the remotes follows the shared i18n store. */
export function LanguageSwitch() {
  const lang = useLanguage();
  const t = useT();
  const id = useId();
  return (
    <div className="ll-switch">
      <label htmlFor={id}>{t('app.language')}</label>
      <select id={id} value={lang} onChange={(e) => void setLanguage(e.target.value)}>
        {SUPPORTED_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
