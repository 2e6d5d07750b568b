import { MonitorPlay } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'wouter';
import { useT } from '../../../i18n/use-t';

/** The table screen's link (no account needed) and its QR, for the TV or a friend's laptop. */
export function ScreenLinkPanel({ watchPath }: { watchPath: string }) {
  const { t } = useT();
  const url = new URL(watchPath, window.location.origin).href;
  return (
    <section className="card space-y-3" aria-labelledby="tournament-screen-link">
      <h2 id="tournament-screen-link" className="text-xl font-black">
        {t('tournaments.screen')}
      </h2>
      <p className="text-sm text-foam-200">{t('tournaments.screenHint')}</p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="rounded-lg bg-white p-1.5">
          <QRCodeSVG value={url} size={112} level="M" title={t('tournaments.screenQr')} />
        </div>
        <Link to={watchPath} className="btn-secondary">
          <MonitorPlay className="size-5" aria-hidden />
          {t('tournaments.openScreen')}
        </Link>
      </div>
      <p className="font-mono text-sm break-all text-foam-300">{url}</p>
    </section>
  );
}
