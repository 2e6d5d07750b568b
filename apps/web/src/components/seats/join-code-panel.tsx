import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { gameSeats, releaseSeat } from '@beerscale/contract/api/seats';
import type { GameState } from '@beerscale/contract/game-state';
import { joinPagePath } from '@beerscale/contract/seat-messages';
import { call } from '../../lib/api-client';
import { useT } from '../../i18n/use-t';

/** GET /api/games/{id}/seats: the code and who sits where (the game's players). */
const gameSeatsQuery = (gameId: number) =>
  queryOptions({
    queryKey: ['game-seats', gameId],
    queryFn: ({ signal }) => call(gameSeats, { params: { id: gameId }, signal }),
    refetchInterval: 5_000,
  });

/**
 * An open game's join code with the QR of `/join/{code}`, large enough to scan across a table:
 * on the leader's set-up and live screens (with who sits where, and Release for a lost phone)
 * and on the table screen (code and QR only). Shared by those features, so it lives here.
 */
export function JoinCodePanel({
  game,
  seats = false,
  isLeader = false,
  table = false,
}: {
  game: GameState;
  /** The table screen: read from across a room, so no small print (code, QR and heading only). */
  table?: boolean;
  /** Lists the seats (needs a session of a player of the game). */
  seats?: boolean;
  isLeader?: boolean;
}) {
  const { t } = useT();
  if (!game.joinCode || (game.status !== 'configured' && game.status !== 'active')) return null;
  const url = new URL(joinPagePath(game.joinCode), window.location.origin).href;
  return (
    <section aria-label={t('seats.joinTitle')} className="card space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        {/* A white quiet zone: phone cameras need the contrast on this dark page. */}
        <div className="shrink-0 rounded-2xl bg-white p-2">
          <QRCodeSVG value={url} size={112} level="M" title={t('seats.qr')} data-testid="join-qr" />
        </div>
        <div className="min-w-0">
          <h2 className={table ? 'text-2xl font-bold' : 'text-lg font-bold'}>
            {t('seats.joinTitle')}
          </h2>
          <p className="font-mono text-4xl font-black tracking-[0.2em]" data-testid="join-code">
            {game.joinCode}
          </p>
          {!table && (
            <>
              <p className="text-sm break-words text-foam-200">{t('seats.joinHint')}</p>
              <a href={url} className="text-sm break-all underline" data-testid="join-link">
                {url}
              </a>
            </>
          )}
        </div>
      </div>
      {seats && <SeatList gameId={game.id} isLeader={isLeader} />}
    </section>
  );
}

function SeatList({ gameId, isLeader }: { gameId: number; isLeader: boolean }) {
  const { t } = useT();
  const client = useQueryClient();
  const list = useQuery(gameSeatsQuery(gameId));
  const release = useMutation({
    mutationFn: (playerId: number) => call(releaseSeat, { params: { id: gameId, playerId } }),
    onSettled: () => client.invalidateQueries({ queryKey: gameSeatsQuery(gameId).queryKey }),
  });
  if (!list.data) return null;
  return (
    <ul className="divide-y divide-white/10" aria-label={t('seats.seatsTitle')}>
      {list.data.seats.map((s) => (
        <li key={s.playerId} className="flex min-h-11 items-center justify-between gap-2 py-1">
          <span className="min-w-0 font-semibold break-words">{s.name}</span>
          <span className="flex shrink-0 items-center gap-2 text-sm text-foam-200">
            {s.account
              ? t('seats.ownPhone')
              : s.taken
                ? t('seats.heldBy', { device: s.heldBy ?? '' })
                : t('seats.free')}
            {isLeader && s.taken && (
              <button
                type="button"
                className="btn-secondary min-h-11 px-3 py-1 text-sm"
                disabled={release.isPending}
                onClick={() => release.mutate(s.playerId)}
              >
                {t('seats.release')}
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
