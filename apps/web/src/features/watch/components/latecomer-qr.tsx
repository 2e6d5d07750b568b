import { QRCodeSVG } from 'qrcode.react';
import { watchPagePath } from '@beerscale/contract/watch';
import { useT } from '../../../i18n/use-t';

/**
 * The table screen's corner: the watch link as a QR, so whoever joins the table late follows
 * on their phone without asking for the link. The phone view (not /table): a phone is no TV.
 */
export function LatecomerQr({ token }: { token: string }) {
  const { t } = useT();
  const url = new URL(watchPagePath(token), window.location.origin).href;
  return (
    <figure
      className="fixed bottom-3 left-3 z-10 flex items-center gap-3 rounded-2xl bg-malt-900/90 p-2 shadow-lg"
      data-testid="latecomer-qr"
    >
      <div className="rounded-lg bg-white p-1.5">
        <QRCodeSVG value={url} size={96} level="M" title={t('watch.latecomerQr')} />
      </div>
      <figcaption className="max-w-32 text-base font-semibold text-foam-100">
        {t('watch.latecomer')}
      </figcaption>
    </figure>
  );
}
