import { useT } from '../i18n/use-t';
/** A spinner for a part of a page (a screen loading inside the shell). */
export function SectionSpinner() {
  const { t } = useT();
  return (
    <div
      className="grid min-h-64 place-items-center"
      role="status"
      aria-label={t('common.loading')}
    >
      <div className="size-10 animate-spin rounded-full border-4 border-malt-700 border-t-amber-400" />
    </div>
  );
}
