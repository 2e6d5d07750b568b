import { Users } from 'lucide-react';
import { Link } from 'wouter';
import { formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { useHomeGroups } from '../api/my-groups';

/** A group without an emoji of its own shows a beer, as on /groups. */
const DEFAULT_EMOJI = '🍺';

/** The player's groups as small cards, each with their place in its running season. */
export function HomeGroups() {
  const { t } = useT();
  const groups = useHomeGroups();
  // Quiet while loading or failed: the rest of home does not wait for it.
  if (!groups.data || groups.data.length === 0) return null;
  return (
    <section aria-labelledby="home-groups-title">
      <h2 id="home-groups-title" className="mb-2 flex items-center gap-2 text-lg font-bold">
        <Users className="size-5 text-amber-400" aria-hidden />
        {t('groups.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {groups.data.map((group) => (
          <li key={group.id}>
            <Link
              to={`/groups/${group.id}`}
              className="card flex items-center gap-3 p-4 hover:border-amber-400"
              data-testid="home-group"
            >
              <span className="text-3xl" aria-hidden>
                {group.emoji ?? DEFAULT_EMOJI}
              </span>
              <span className="min-w-0 flex-1 truncate font-bold">{group.name}</span>
              <span className="shrink-0 text-right">
                <span className="block text-xl font-black tabular-nums">
                  {group.place === null ? '–' : `${formatNumber(group.place)}.`}
                </span>
                <span className="block text-xs text-foam-400">{t('groups.myPlace')}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
