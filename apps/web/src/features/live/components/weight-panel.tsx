import { isEmptyPlatform } from '../../../lib/empty-platform';
import type { LiveWeight } from '../use-live-scale';

/** The live weight: smaller than the target, and an empty platform never reads negative. */
export function WeightPanel({
  weight,
  connected,
}: {
  weight: LiveWeight | null;
  connected: boolean | null;
}) {
  const empty = weight !== null && isEmptyPlatform(weight.grams);
  return (
    <section aria-label="Scale" className="card text-center">
      <div className="flex items-center justify-center gap-2 text-sm font-semibold">
        <span
          className={`size-2.5 rounded-full ${connected ? 'bg-hop-400' : 'bg-red-400'}`}
          aria-hidden
        />
        <span className={connected ? 'text-hop-400' : 'text-red-300'}>
          {connected === null ? 'Connecting…' : connected ? 'Scale connected' : 'Scale offline'}
        </span>
      </div>
      <p
        className="mt-2 font-mono text-5xl font-black tabular-nums tracking-tight"
        aria-live="polite"
        data-testid="live-weight"
      >
        {weight === null ? '–' : empty ? 'Empty' : Math.round(weight.grams)}
        {!empty && <span className="ml-1 text-2xl text-foam-400">g</span>}
      </p>
      <p
        className={`mt-1 text-sm font-semibold ${weight?.stable ? 'text-hop-400' : 'text-foam-400'}`}
      >
        {weight ? (weight.stable ? 'Stable' : 'Settling…') : 'No reading'}
      </p>
    </section>
  );
}
