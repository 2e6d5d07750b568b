import { Plus, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { formatDate } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { useGroupTournaments } from '../api/group-tournaments';
import { formatName } from './labels';

/**
 * The group page's tournaments, newest first, each with its status and
 * winner, and "New tournament". The group page shows it; it holds nothing of that page.
 */
export function GroupTournaments({ groupId }: { groupId: number }) {
  const { t } = useT();
  const list = useGroupTournaments(groupId);
  return (
    <section className="card space-y-3" aria-labelledby="group-tournaments">
      <h2 id="group-tournaments" className="flex items-center gap-2 text-xl font-black">
        <Trophy className="size-5 text-amber-400" aria-hidden />
        {t('tournaments.title')}
      </h2>
      {list.isError && !list.data && (
        <p role="alert" className="text-sm text-red-200">
          {t('tournaments.listFailed')}
        </p>
      )}
      {list.data && list.data.length === 0 && (
        <p className="text-sm text-foam-200">{t('tournaments.none')}</p>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="space-y-2">
          {list.data.map((item) => (
            <li key={item.id}>
              <Link
                to={`/tournaments/${item.id}`}
                className="block rounded-2xl bg-malt-800/60 px-3 py-2.5 hover:bg-malt-800"
              >
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-bold wrap-anywhere">{item.name}</span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                      item.status === 'running'
                        ? 'bg-hop-500/20 text-hop-400'
                        : 'bg-malt-700 text-foam-200'
                    }`}
                  >
                    {item.status === 'running'
                      ? t('tournaments.running')
                      : t('tournaments.finished')}
                  </span>
                </span>
                <span className="block text-sm text-foam-300">
                  {formatName(item.format)} · {formatDate(item.startedAt)}
                  {item.winner && ` · ${t('tournaments.winner', { name: item.winner })}`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={`/groups/${groupId}/tournaments/new`} className="btn-primary w-full">
        <Plus className="size-5" aria-hidden />
        {t('tournaments.new')}
      </Link>
    </section>
  );
}
