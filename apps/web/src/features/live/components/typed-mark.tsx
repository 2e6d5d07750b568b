import { Keyboard } from 'lucide-react';
import { GAME_STATE_MESSAGES as T } from '@beerscale/contract/game-state';

/** Next to a reading the leader typed: the scale did not weigh it. Phones get the icon only. */
export function TypedMark() {
  return (
    <span
      title={T.typedTitle}
      className="ml-1 inline-flex items-center gap-0.5 rounded bg-malt-700 px-1 py-px align-middle text-[0.65rem] font-semibold tracking-wide text-foam-300 uppercase"
    >
      <Keyboard className="size-3" aria-hidden />
      <span aria-hidden className="hidden sm:inline">
        {T.typedMarker}
      </span>
      <span className="sr-only">{T.typedTitle}</span>
    </span>
  );
}
