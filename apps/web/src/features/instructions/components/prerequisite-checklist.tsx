import { Check } from 'lucide-react';
import { SUGGESTED_PLAYERS } from '@beerscale/contract/limits';
import type { TextKey } from '../../../i18n/use-t';
import { useT } from '../../../i18n/use-t';

export const PREREQUISITES = [
  {
    id: 'scale',
    label: 'howto.scale.label',
    detail: 'howto.scale.detail',
  },
  {
    id: 'players',
    label: 'howto.players.label',
    detail: 'howto.players.detail',
  },
  {
    id: 'equipment',
    label: 'howto.equipment.label',
    detail: 'howto.equipment.detail',
  },
] as const satisfies readonly { id: string; label: TextKey; detail: TextKey }[];

export type PrerequisiteId = (typeof PREREQUISITES)[number]['id'];

/** The instructions' checklist (scale, 2-4 players, equipment) that unlocks Start New Game. */
export function PrerequisiteChecklist({
  checked,
  onToggle,
}: {
  checked: ReadonlySet<PrerequisiteId>;
  onToggle: (id: PrerequisiteId, on: boolean) => void;
}) {
  const { t } = useT();
  return (
    <ul className="space-y-3">
      {PREREQUISITES.map(({ id, label, detail }) => {
        const on = checked.has(id);
        return (
          <li key={id}>
            <label
              className={`flex min-h-16 cursor-pointer items-start gap-4 rounded-2xl border p-4 transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-400 ${
                on
                  ? 'border-hop-400/50 bg-hop-500/10'
                  : 'border-malt-700 bg-malt-950/40 hover:border-malt-600'
              }`}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={on}
                onChange={(event) => onToggle(id, event.target.checked)}
              />
              <span
                aria-hidden
                className={`mt-0.5 grid size-7 shrink-0 place-items-center rounded-lg border-2 transition ${
                  on ? 'border-hop-400 bg-hop-400 text-malt-950' : 'border-foam-400/60'
                }`}
              >
                {on && <Check className="size-5" strokeWidth={3} />}
              </span>
              <span>
                <span className="block text-lg font-bold">
                  {t(label, { min: SUGGESTED_PLAYERS.min, max: SUGGESTED_PLAYERS.max })}
                </span>
                <span className="text-foam-200">{t(detail)}</span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
