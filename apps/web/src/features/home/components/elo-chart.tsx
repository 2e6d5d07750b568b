import { QueryState } from '../../../components/query-state';
import { useEloHistory, type EloPoint } from '../api/elo-history';
import { formatElo } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 24;

/** The player's rating over their ranked games: a plain SVG line, no chart library. */
export default function EloChart({ userId }: { userId: number }) {
  const history = useEloHistory(userId);
  const { t } = useT();
  return (
    <QueryState
      query={history}
      errorText={t('elo.failed')}
      skeleton={<div className="h-44 animate-pulse rounded-xl bg-malt-800/60" />}
    >
      {(points) => <EloLine points={points} />}
    </QueryState>
  );
}

function EloLine({ points: history }: { points: EloPoint[] }) {
  const { t } = useT();
  if (history.length === 0) {
    return <p className="text-sm text-foam-400">{t('elo.empty')}</p>;
  }
  const values = [history[0]!.eloBefore, ...history.map((p) => p.eloAfter)];
  const min = Math.min(...values) - 5;
  const max = Math.max(...values) + 5;
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / Math.max(1, values.length - 1);
  const y = (v: number) => HEIGHT - PAD - ((v - min) * (HEIGHT - 2 * PAD)) / (max - min);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-44 w-full"
        role="img"
        aria-label={t('elo.label')}
      >
        <line
          x1={PAD}
          x2={WIDTH - PAD}
          y1={y(1200)}
          y2={y(1200)}
          className="stroke-malt-600"
          strokeDasharray="4 4"
        />
        <polyline
          points={points}
          fill="none"
          className="stroke-amber-400"
          strokeWidth={3}
          strokeLinejoin="round"
        />
        {values.map((v, i) => (
          <circle key={i} cx={x(i)} cy={y(v)} r={4} className="fill-amber-400">
            <title>{formatElo(v)}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-foam-400">
        <span>{t('elo.start', { elo: formatElo(values[0]!) })}</span>
        <span>{t('elo.now', { elo: formatElo(values.at(-1)!) })}</span>
      </figcaption>
    </figure>
  );
}
