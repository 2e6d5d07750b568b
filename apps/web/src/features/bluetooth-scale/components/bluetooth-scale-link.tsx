import { Bluetooth } from 'lucide-react';
import { Link } from 'wouter';
import { useBluetoothScale } from '../hooks/use-bluetooth-scale';
import { useT } from '../../../i18n/use-t';

/** On the game set-up: the bridged scale at a glance, or the way to connect one. */
export function BluetoothScaleLink() {
  const { session } = useBluetoothScale();
  const { t } = useT();
  const snapshot = session?.getSnapshot();
  const server = snapshot?.server;
  const bridged = server?.bridged ? server.macAddress : null;
  return (
    <aside className="card flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="flex items-center gap-2 text-foam-200">
        <Bluetooth className="size-4 shrink-0 text-amber-400" aria-hidden />
        {bridged ? (
          <span>
            {t('bt.title')}: {snapshot?.bridge.deviceName ?? ''}{' '}
            <span className="font-mono font-semibold">{bridged}</span>
          </span>
        ) : (
          <span>{t('bt.linkIdle', { title: t('bt.title') })}</span>
        )}
      </p>
      {/* Narrower sides on phones: German's "Bluetooth-Waage verbinden" fits a 360 px one. */}
      <Link to="/scale-settings#bluetooth" className="btn-secondary min-h-11 px-3 sm:px-6">
        {bridged ? t('bt.manage') : t('bt.connect')}
      </Link>
    </aside>
  );
}
