import { BellRing } from 'lucide-react';

export const TURN_CUE_TEXTS = {
  yourTurn: 'Your turn!',
  instruction: 'Put your container on the scale',
} as const;

/** The visible half of the turn cue (the vibration is `useTurnCue`): large, across a table. */
export function TurnCue() {
  return (
    <section
      role="status"
      aria-live="assertive"
      className="flex items-center gap-3 rounded-3xl border-2 border-amber-300 bg-amber-400 px-5 py-4 text-malt-950 shadow-xl shadow-amber-500/25 motion-safe:animate-pulse"
    >
      <BellRing className="size-8 shrink-0" aria-hidden />
      <p>
        <span className="block text-2xl font-black">{TURN_CUE_TEXTS.yourTurn}</span>
        <span className="font-semibold">{TURN_CUE_TEXTS.instruction}</span>
      </p>
    </section>
  );
}
