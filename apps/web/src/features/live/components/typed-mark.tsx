import { Keyboard } from 'lucide-react';
import { useT } from '../../../i18n/use-t';

/** Next to a reading the leader typed: the scale did not weigh it. Phones get the icon only. */
export function TypedMark() {
  const { t } = useT();
  return (
    <span
      title={t('typed.title')}
      className="ml-1 inline-flex items-center gap-0.5 rounded bg-malt-700 px-1 py-px align-middle text-[0.65rem] font-semibold tracking-wide text-foam-300 uppercase"
    >
      <Keyboard className="size-3" aria-hidden />
      <span aria-hidden className="hidden sm:inline">
        {t('typed.marker')}
      </span>
      <span className="sr-only">{t('typed.title')}</span>
    </span>
  );
}
