import { useT } from '../i18n/use-t';
export function FullPageSpinner() {
  const { t, language } = useT();
  return (
    <div
      className="grid min-h-dvh place-items-center"
      role="status"
      // Before the first catalogue arrives (one round trip at start) there is no text to give.
      aria-label={language ? t('common.loading') : undefined}
    >
      <div className="size-10 animate-spin rounded-full border-4 border-malt-700 border-t-amber-400" />
    </div>
  );
}
