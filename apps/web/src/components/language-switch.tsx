import { Languages } from 'lucide-react';
import { chooseLanguage, LANGUAGES, type Language } from '../i18n/i18n';
import { useT } from '../i18n/use-t';

/** The reader's language, switched at once and remembered for the next visit. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, language } = useT();
  return (
    <label className={`inline-flex items-center gap-1.5 text-sm font-semibold ${className}`}>
      <Languages className="hidden size-4 text-foam-400 sm:block" aria-hidden />
      <span className="sr-only">{t('language.label')}</span>
      <select
        className="min-h-11 rounded-xl border border-malt-700 bg-malt-900 px-1 py-1 text-xs text-foam-100 sm:px-2 sm:text-sm"
        value={language}
        onChange={(e) => void chooseLanguage(e.target.value as Language)}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
