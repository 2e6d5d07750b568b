import { useT } from '../i18n/use-t';
export function FullPageSpinner() {
  const { t } = useT();
  return (
    <div
      className="grid min-h-dvh place-items-center"
      role="status"
      aria-label={t('common.loading')}
    >
      <div className="size-10 animate-spin rounded-full border-4 border-malt-700 border-t-amber-400" />
    </div>
  );
}
