import { GAME_STATE_MESSAGES as T } from '@beerscale/contract/game-state';

/** Next to a reading the leader typed: the scale did not weigh it. */
export function TypedMark() {
  return (
    <span
      title={T.typedTitle}
      className="ml-1 rounded bg-malt-700 px-1 py-px align-middle text-[0.65rem] font-semibold tracking-wide text-foam-300 uppercase"
    >
      {T.typedMarker}
      <span className="sr-only">: {T.typedTitle}</span>
    </span>
  );
}
