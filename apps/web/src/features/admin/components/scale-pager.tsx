import { useT } from '../../../i18n/use-t';

/** Previous / Next through the administrator's scale list, with where the page stands. */
export function ScalePager({
  offset,
  shown,
  total,
  pageSize,
  busy,
  onOffset,
}: {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  busy: boolean;
  onOffset: (offset: number) => void;
}) {
  const { t } = useT();
  if (total <= pageSize && offset === 0) return null;
  return (
    <nav
      aria-label={t('admin.pages')}
      className="flex items-center justify-between gap-2 text-sm text-foam-300"
    >
      <button
        type="button"
        className="btn-secondary min-h-10 text-sm"
        disabled={busy || offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
      >
        {t('admin.previous')}
      </button>
      <span aria-live="polite" className="text-center tabular-nums">
        {t('admin.range', { from: offset + 1, to: offset + shown, total })}
      </span>
      <button
        type="button"
        className="btn-secondary min-h-10 text-sm"
        disabled={busy || offset + shown >= total}
        onClick={() => onOffset(offset + pageSize)}
      >
        {t('admin.next')}
      </button>
    </nav>
  );
}
