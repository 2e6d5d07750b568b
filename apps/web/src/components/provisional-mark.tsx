import { useT } from '../i18n/use-t';

/**
 * The "?" after a provisional ELO: its reason as a tooltip (title) and, for screen readers and
 * touch screens without hover, as text that the mark's accessible name carries.
 */
export function ProvisionalMark() {
  const { t } = useT();
  return (
    <abbr
      title={t('rating.provisional')}
      className="ml-0.5 cursor-help text-amber-300 no-underline"
      data-testid="provisional"
    >
      ?<span className="sr-only"> {t('rating.provisional')}</span>
    </abbr>
  );
}
