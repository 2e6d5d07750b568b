import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { clockText } from './labels';

/**
 * How long the night has run (never a drinking timer): the server's `now` at the read, moved on
 * by this screen's own clock since, so a TV whose clock is off still counts right.
 */
export function NightClock({
  startedAt,
  finishedAt,
  now,
  readAt,
}: {
  startedAt: string;
  finishedAt: string | null;
  /** The server's clock when it answered. */
  now: string;
  /** This screen's clock when that answer came (ms). */
  readAt: number;
}) {
  const { t } = useT();
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (finishedAt) return;
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [finishedAt]);
  const start = Date.parse(startedAt);
  const elapsed = finishedAt
    ? Date.parse(finishedAt) - start
    : Date.parse(now) + Math.max(0, tick - readAt) - start;
  return (
    <p className="flex items-center gap-3 font-bold whitespace-nowrap" data-testid="night-clock">
      <Clock className="size-8 text-amber-400" aria-hidden />
      <span>
        {finishedAt ? t('tournaments.clockFinished') : t('tournaments.clockRunning')}{' '}
        <span className="font-mono text-amber-300 tabular-nums">{clockText(elapsed)}</span>
      </span>
    </p>
  );
}
