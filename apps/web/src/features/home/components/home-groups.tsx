import { Users } from 'lucide-react';
import { GroupCard } from '../../../components/group-card';
import { useT } from '../../../i18n/use-t';
import { useHomeGroups } from '../api/my-groups';

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
            <GroupCard group={group} size="small" testId="home-group">
              <span className="min-w-0 flex-1 truncate font-bold">{group.name}</span>
            </GroupCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
