import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A group member as a chip that a tap puts in a line-up or takes out again (the fast-game form's
 * group choice, a new tournament): pressed with a tick when in. `note` follows the name, small.
 */
export function MemberChip({
  name,
  on,
  onToggle,
  note,
}: {
  name: string;
  on: boolean;
  onToggle: () => void;
  note?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      className={`flex min-h-11 items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-semibold ${
        on
          ? 'border-amber-400 bg-amber-400 text-malt-950'
          : 'border-malt-600 text-foam-100 hover:border-amber-400'
      }`}
    >
      {on && <Check className="size-4" aria-hidden />}
      {name}
      {note && <span className="text-xs font-normal opacity-75">{note}</span>}
    </button>
  );
}
