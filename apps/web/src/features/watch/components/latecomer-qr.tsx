import { QRCodeSVG } from 'qrcode.react';
import { watchPagePath } from '@beerscale/contract/watch';
import { useT } from '../../../i18n/use-t';

/**
 * The table screen's top right corner: the watch link as a QR, so whoever joins the table late
 * follows on their phone without asking for the link. The phone view (not /table): a phone is no
 * TV. It stands in the header's row, in the layout: fixed over the page, it covered the finale's
 * estimates at 1280 x 800.
 */
export function LatecomerQr({ token }: { token: string }) {
  const { t } = useT();
  const url = new URL(watchPagePath(token), window.location.origin).href;
  return (
    <figure className="flex items-center gap-2" data-testid="latecomer-qr">
      <div className="rounded-md bg-white p-1">
        <QRCodeSVG value={url} size={64} level="M" title={t('watch.latecomerQr')} />
      </div>
      <figcaption className="max-w-28 text-sm leading-tight font-semibold text-foam-100">
        {t('watch.latecomer')}
      </figcaption>
    </figure>
  );
}
