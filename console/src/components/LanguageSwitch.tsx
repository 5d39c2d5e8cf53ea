/** The language select: the five languages by their own names; the choice is remembered. */
import { observer } from 'mobx-react';
import { SUPPORTED_LANGUAGES, isSupportedLanguage } from '../../../src/domain/language';
import { useStore } from '../context';
import { LANGUAGE_NAMES } from '../i18n';

export const LanguageSwitch = observer(function LanguageSwitch({ id, compact = false }: { id: string; compact?: boolean }) {
  const { i18n } = useStore();
  return (
    <span className="lang">
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'lang__label'}>
        {i18n.t('app.language')}
      </label>
      <select
        id={id}
        className="select"
        value={i18n.lang}
        onChange={(e) => {
          if (isSupportedLanguage(e.target.value)) i18n.setLanguage(e.target.value);
        }}
      >
        {SUPPORTED_LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
});
