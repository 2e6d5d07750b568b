import { CheckCircle2, RefreshCw, WifiOff } from 'lucide-react';
import type { ConnectionStatus } from '../lib/socket-client';
import { useT } from '../i18n/use-t';

/**
 * The truth about the live channel: "Reconnecting…" or "Offline" while it is down (the values
 * on screen are frozen and dimmed meanwhile), "caught up" for a moment once it is back, and
 * "No readings from the scale" when a scale said to be connected went silent.
 */
export function ConnectionBanner({
  status,
  caughtUp,
  scaleSilent = false,
}: {
  status: ConnectionStatus;
  caughtUp: boolean;
  scaleSilent?: boolean;
}) {
  const { t } = useT();
  const down = status === 'reconnecting' || status === 'offline';
  return (
    <div role="status" aria-live="polite" data-testid="connection-banner">
      {down ? (
        <p className="mt-2 flex items-center gap-2 rounded-2xl bg-red-500/15 px-4 py-3 font-semibold text-red-200">
          {status === 'offline' ? (
            <WifiOff className="size-5 shrink-0" aria-hidden />
          ) : (
            <RefreshCw className="size-5 shrink-0 motion-safe:animate-spin" aria-hidden />
          )}
          <span>
            {status === 'offline' ? t('connection.offline') : t('connection.reconnecting')}{' '}
            <span className="font-normal text-red-100/80">{t('connection.frozen')}</span>
          </span>
        </p>
      ) : scaleSilent ? (
        <p className="mt-2 flex items-center gap-2 rounded-2xl bg-amber-400/15 px-4 py-3 font-semibold text-amber-200">
          <WifiOff className="size-5 shrink-0" aria-hidden />
          {t('connection.noReadings')}
        </p>
      ) : caughtUp ? (
        <p className="mt-2 flex items-center gap-2 rounded-2xl bg-hop-400/15 px-4 py-3 font-semibold text-hop-400">
          <CheckCircle2 className="size-5 shrink-0" aria-hidden />
          {t('connection.caughtUp')}
        </p>
      ) : null}
    </div>
  );
}

/** Frozen values while the channel is down: dimmed, and marked busy for screen readers. */
export const staleClass = (status: ConnectionStatus) =>
  status === 'reconnecting' || status === 'offline' ? 'opacity-40 transition-opacity' : '';
