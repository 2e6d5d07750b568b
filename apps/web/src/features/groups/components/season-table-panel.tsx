import { Share2 } from 'lucide-react';
import { useState } from 'react';
import type { GroupDetail } from '@beerscale/contract/groups';
import { QueryState } from '../../../components/query-state';
import { useT } from '../../../i18n/use-t';
import { useGroupLeaderboard, type SeasonChoice } from '../api/group-leaderboard';
import { useShareGroupCard } from '../api/group-card';
import { GroupTable } from './group-table';
import { seasonName } from './season-name';

/** "Share the table": the chosen season's table as a picture, shared on a phone, else saved. */
function ShareTableButton({ group, season }: { group: GroupDetail; season: SeasonChoice }) {
  const { t, language } = useT();
  const share = useShareGroupCard(group.id, season, language);
  return (
    <div className="flex flex-wrap items-center gap-3 p-4 pt-2">
      <button
        type="button"
        className="btn-secondary"
        disabled={share.isPending}
        aria-busy={share.isPending}
        onClick={() => share.mutate(group.name)}
      >
        <Share2 className="size-4" aria-hidden />
        {t('groups.shareTable')}
      </button>
      {share.data === 'saved' && (
        <span role="status" className="text-sm text-foam-200">
          {t('groups.shareTableSaved')}
        </span>
      )}
      {share.isError && (
        <span role="alert" className="text-sm text-red-300">
          {t('groups.shareTableFailed')}
        </span>
      )}
    </div>
  );
}

/** The group's table with its season switch: the running season, closed ones, all time. */
export function SeasonTablePanel({ group }: { group: GroupDetail }) {
  const { t } = useT();
  const [season, setSeason] = useState<SeasonChoice>(group.season.number);
  const table = useGroupLeaderboard(group.id, season);
  return (
    <section className="card p-0" aria-labelledby="group-table-title">
      <div className="flex flex-wrap items-center justify-between gap-3 p-4 pb-2">
        <h2 id="group-table-title" className="text-xl font-black">
          {t('groups.table')}
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <span className="text-foam-200">{t('groups.seasonSwitch')}</span>
          <select
            className="field-input w-auto py-1.5"
            value={String(season)}
            onChange={(event) =>
              setSeason(event.target.value === 'all' ? 'all' : Number(event.target.value))
            }
          >
            {[...group.seasons]
              .sort((a, b) => b.number - a.number)
              .map((s) => (
                <option key={s.number} value={s.number}>
                  {seasonName(t, s)}
                  {s.endedAt === null ? ` (${t('groups.running')})` : ''}
                </option>
              ))}
            <option value="all">{t('groups.allTime')}</option>
          </select>
        </label>
      </div>
      <QueryState
        query={table}
        errorText={t('groups.loadFailed')}
        skeleton={<div className="h-40 animate-pulse" />}
      >
        {(reply) => <GroupTable rows={reply.rows} />}
      </QueryState>
      <ShareTableButton group={group} season={season} />
    </section>
  );
}
