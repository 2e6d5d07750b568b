import { DoorOpen } from 'lucide-react';
import { useState } from 'react';
import type { TournamentReply, TournamentStanding } from '@beerscale/contract/tournaments';
import { formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { changeText, meanText, stageName } from './labels';

/**
 * The night's standings: place, name, points and the last game's change; games, the sum of the
 * game means, exact hits and (heats) the stage reached beside them, or under the name on a phone.
 * `mayLeave(standing)`: whether this reader may say that player must leave.
 */
export function StandingsTable({
  reply,
  mayLeave,
  onLeave,
  leaving,
}: {
  reply: TournamentReply;
  mayLeave: (standing: TournamentStanding) => boolean;
  onLeave: (entryId: number) => void;
  leaving: boolean;
}) {
  const { t } = useT();
  const [asking, setAsking] = useState<number | null>(null);
  const heats = reply.format === 'heats';
  return (
    <section className="card" aria-labelledby="tournament-standings">
      <h2 id="tournament-standings" className="text-xl font-black">
        {t('tournaments.standings')}
      </h2>
      <table className="mt-3 w-full text-left">
        <thead className="text-sm text-foam-300">
          <tr>
            <th scope="col" className="py-2 pr-2">
              {t('tournaments.place')}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t('tournaments.player')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              {t('tournaments.points')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              {t('tournaments.lastChange')}
            </th>
            <th scope="col" className="hidden py-2 pr-2 text-right md:table-cell">
              {t('tournaments.games')}
            </th>
            <th scope="col" className="hidden py-2 pr-2 text-right md:table-cell">
              {t('tournaments.mean')}
            </th>
            <th scope="col" className="hidden py-2 pr-2 text-right md:table-cell">
              {t('tournaments.exactHits')}
            </th>
            {heats && (
              <th scope="col" className="hidden py-2 pr-2 md:table-cell">
                {t('tournaments.stageReached')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {reply.standings.map((s) => (
            <tr
              key={s.entryId}
              data-testid="standing"
              className={`border-t border-malt-700/70 align-top ${s.left ? 'text-foam-400' : ''}`}
            >
              <td className="py-2.5 pr-2 text-lg font-black">{s.place}.</td>
              <td className="min-w-0 py-2.5 pr-2">
                <span className="font-bold wrap-anywhere">{s.name}</span>
                {s.left && (
                  <span className="ml-2 rounded-full bg-malt-700 px-2 py-0.5 text-xs font-semibold text-foam-200">
                    {t('tournaments.left')}
                  </span>
                )}
                <span className="block text-sm text-foam-300 md:hidden">
                  {t('tournaments.lineDetails', {
                    games: s.games,
                    mean: meanText(s.meanDifference),
                    exact: s.exactHits,
                  })}
                  {heats && ` · ${stageName(s.stage)}`}
                </span>
                {mayLeave(s) &&
                  (asking === s.entryId ? (
                    <span className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                      {t('tournaments.leaveAsk', { name: s.name })}
                      <button
                        type="button"
                        className="btn-danger min-h-10 px-3 py-1 text-sm"
                        disabled={leaving}
                        onClick={() => {
                          setAsking(null);
                          onLeave(s.entryId);
                        }}
                      >
                        {t('tournaments.leaveYes')}
                      </button>
                      <button
                        type="button"
                        className="btn-secondary min-h-10 px-3 py-1 text-sm"
                        onClick={() => setAsking(null)}
                      >
                        {t('tournaments.keep')}
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="mt-1 flex min-h-10 items-center gap-1.5 rounded-xl px-2 text-sm font-semibold whitespace-nowrap text-foam-300 hover:bg-malt-800 hover:text-foam-50"
                      aria-label={t('tournaments.leaveFor', { name: s.name })}
                      onClick={() => setAsking(s.entryId)}
                    >
                      <DoorOpen className="size-4" aria-hidden />
                      {t('tournaments.leave')}
                    </button>
                  ))}
              </td>
              <td className="py-2.5 pr-2 text-right text-lg font-black text-amber-300">
                {formatNumber(s.points)}
              </td>
              <td className="py-2.5 pr-2 text-right font-semibold text-hop-400">
                {changeText(s.lastChange)}
              </td>
              <td className="hidden py-2.5 pr-2 text-right md:table-cell">{s.games}</td>
              <td className="hidden py-2.5 pr-2 text-right whitespace-nowrap md:table-cell">
                {meanText(s.meanDifference)}
              </td>
              <td className="hidden py-2.5 pr-2 text-right md:table-cell">{s.exactHits}</td>
              {heats && <td className="hidden py-2.5 pr-2 md:table-cell">{stageName(s.stage)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
