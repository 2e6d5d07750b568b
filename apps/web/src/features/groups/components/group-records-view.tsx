import { Crown, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import {
  GROUP_PROVISIONAL_GAMES,
  type GroupMemberDrinks,
  type GroupRecord,
  type GroupRecordsReply,
} from '@beerscale/contract/groups';
import { formatDate, formatElo, formatGrams, formatNumber } from '../../../i18n/format';
import { useT, type TextKey } from '../../../i18n/use-t';
import { seasonName } from './season-name';

const RECORD_TITLES: Record<GroupRecord['kind'], TextKey> = {
  bestGameMean: 'groups.record.bestGameMean',
  mostExactHits: 'groups.record.mostExactHits',
  longestWinningStreak: 'groups.record.longestWinningStreak',
  biggestSip: 'groups.record.biggestSip',
  mostPenalties: 'groups.record.mostPenalties',
  mostGames: 'groups.record.mostGames',
};
const RECORD_ROW = 'flex items-center justify-between gap-3 rounded-lg bg-malt-800/60 px-3 py-2';
const IN_GRAMS = new Set<GroupRecord['kind']>(['bestGameMean', 'biggestSip']);

/**
 * What each member drank over the group's games, quietly: by name, never ranked, no trophy
 * (docs/RULES.md, "Drinks and responsible play"). Members only: the public page has no drinks.
 */
function GroupDrinks({ drinks }: { drinks: GroupMemberDrinks[] }) {
  const { t } = useT();
  return (
    <section className="card md:col-span-2" aria-labelledby="group-drinks">
      <h2 id="group-drinks" className="text-xl font-black">
        {t('groups.drinks')}
      </h2>
      <p className="mt-1 text-sm text-foam-400">{t('groups.drinksNote')}</p>
      <ul className="mt-3 grid gap-2 md:grid-cols-2">
        {drinks.map((row) => (
          <li
            key={row.memberId}
            className="rounded-lg bg-malt-800/60 px-3 py-2"
            data-testid="group-drinks-row"
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate font-semibold">{row.name}</span>
              <span className="shrink-0 text-sm text-foam-400">
                {t('groups.drinksGames', { count: row.games })}
              </span>
            </span>
            <span className="block text-sm text-foam-200">
              {t('drinks.line', {
                grams: formatNumber(row.drankGrams),
                alcohol: formatNumber(row.alcoholGrams, 1),
                standard: formatNumber(row.standardDrinks, 1),
              })}
            </span>
            {row.alcoholFreeGrams > 0 && (
              <span className="block text-xs text-foam-400">
                {t('groups.drinksAlcoholFree', { grams: formatNumber(row.alcoholFreeGrams) })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The hall of fame (each closed season's champion, or why it has none: no games, or nobody with
 * the 3 games a champion needs) and the all-time records, each linking to its
 * game; `linkGames` is off on the public page, whose readers may not open the games. Members
 * also see what each member drank (`drinks`, absent on the public page).
 */
export function GroupRecordsView({
  records,
  linkGames,
}: {
  records: Omit<GroupRecordsReply, 'drinks'> & { drinks?: GroupMemberDrinks[] };
  linkGames: boolean;
}) {
  const { t } = useT();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="card">
        <h2 className="flex items-center gap-2 text-xl font-black">
          <Crown className="size-5 text-amber-400" aria-hidden />
          {t('groups.hallOfFame')}
        </h2>
        {records.hallOfFame.length === 0 ? (
          <p className="mt-2 text-foam-200">{t('groups.hallOfFameEmpty')}</p>
        ) : (
          <ol className="mt-3 space-y-2">
            {records.hallOfFame.map(({ season, champion, table }) => (
              <li
                key={season.number}
                className="flex items-center justify-between gap-3 rounded-lg bg-malt-800/60 px-3 py-2"
              >
                <span className="min-w-0">
                  <span className="block truncate font-bold">{seasonName(t, season)}</span>
                  <span className="block text-xs text-foam-400">
                    {formatDate(season.startedAt)} – {season.endedAt && formatDate(season.endedAt)}
                  </span>
                </span>
                <span className={champion ? 'shrink-0 text-right' : 'max-w-[60%] text-right'}>
                  {champion ? (
                    <>
                      <span className="flex items-center gap-1 font-semibold">
                        <Trophy
                          className="size-4 text-amber-400"
                          aria-label={t('groups.champion')}
                        />
                        {champion.name}
                      </span>
                      <span className="block text-xs text-foam-400">
                        {t('board.elo')} {formatElo(champion.elo)}
                      </span>
                    </>
                  ) : (
                    <span className="block text-sm text-foam-400">
                      {table.length === 0
                        ? t('groups.noChampion')
                        : t('groups.noChampionTooFewGames', { count: GROUP_PROVISIONAL_GAMES })}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="card">
        <h2 className="text-xl font-black">{t('groups.records')}</h2>
        {records.records.length === 0 ? (
          <p className="mt-2 text-foam-200">{t('groups.recordsEmpty')}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {records.records.map((record) => {
              const value = IN_GRAMS.has(record.kind)
                ? formatGrams(record.value)
                : formatNumber(record.value);
              const body = (
                <>
                  <span className="min-w-0">
                    <span className="block text-xs text-foam-400">
                      {t(RECORD_TITLES[record.kind])}
                    </span>
                    <span className="block truncate font-semibold">{record.name}</span>
                  </span>
                  <span className="shrink-0 text-lg font-black tabular-nums">{value}</span>
                </>
              );
              return (
                <li key={record.kind}>
                  {linkGames && record.gameId !== null ? (
                    <Link
                      to={`/games/${record.gameId}`}
                      className={`${RECORD_ROW} hover:bg-malt-700`}
                      data-testid={`record-${record.kind}`}
                    >
                      {body}
                    </Link>
                  ) : (
                    <div className={RECORD_ROW} data-testid={`record-${record.kind}`}>
                      {body}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {records.drinks && records.drinks.length > 0 && <GroupDrinks drinks={records.drinks} />}
    </div>
  );
}
