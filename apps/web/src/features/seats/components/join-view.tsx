import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Eye } from 'lucide-react';
import { Link } from 'wouter';
import type { Seat } from '@beerscale/contract/seats';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import type { SocketLike } from '../../../lib/socket-client';
import { gameName } from '../../../i18n/game-name';
import { useT } from '../../../i18n/use-t';
import { joinInfoQuery } from '../api/join-info';
import { takeSeatCall } from '../api/take-seat';
import { readSeat, writeSeat, type StoredSeat } from '../seat-store';
import { SeatView } from './seat-view';

/**
 * `/join/{code}`: the free seats of the code's game; a tap takes one and this phone becomes that
 * player's seat. A phone that holds a seat of this game goes straight back to it (a reload, a
 * phone that slept). Anyone may watch the game instead (its watch page, which the join reply
 * names): without a free seat, or when the seat was taken first, that is the way in. A player
 * with an account plays from their own signed-in phone.
 */
export function JoinView({
  code,
  createSocket,
}: {
  code: string;
  /** Tests hand in a fake watch socket for the seat. */
  createSocket?: (url: string) => SocketLike;
}) {
  const upper = code.trim().toUpperCase();
  const [seat, setSeat] = useState<StoredSeat | null>(() => {
    const stored = readSeat();
    return stored && stored.code === upper ? stored : null;
  });
  if (seat) {
    return <SeatView seat={seat} onEnded={() => setSeat(null)} createSocket={createSocket} />;
  }
  return <FreeSeats code={upper} onTaken={setSeat} />;
}

function FreeSeats({ code, onTaken }: { code: string; onTaken: (seat: StoredSeat) => void }) {
  const { t } = useT();
  const client = useQueryClient();
  const info = useQuery(joinInfoQuery(code));
  const [taking, setTaking] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const take = (seat: Seat) => {
    setTaking(seat.playerId);
    setError(null);
    takeSeatCall(code, seat.playerId)
      .then((reply) => {
        const stored = {
          token: reply.seatToken,
          gameId: reply.gameId,
          playerId: reply.playerId,
          code,
        };
        writeSeat(stored);
        onTaken(stored);
      })
      .catch((err: unknown) => {
        setError(errorMessage(err, t('seats.takeFailed')));
        void client.invalidateQueries({ queryKey: joinInfoQuery(code).queryKey });
      })
      .finally(() => setTaking(null));
  };

  if (info.isPending) {
    return (
      <p role="status" className="card mx-auto max-w-md">
        {t('seats.loading')}
      </p>
    );
  }
  if (info.isError) {
    return (
      <section className="card mx-auto max-w-md space-y-3">
        <h1 className="text-xl font-black">{t('seats.codeTitle', { code })}</h1>
        <p role="alert">{errorMessage(info.error, t('seats.codeFailed'))}</p>
      </section>
    );
  }
  const free = info.data.seats.filter((s) => !s.taken && !s.account);
  const watchPath = info.data.watchPath ?? null;
  return (
    <div className="mx-auto w-full max-w-md space-y-4">
      <header>
        <p className="text-sm text-foam-200">{t('seats.codeTitle', { code })}</p>
        <h1 className="text-3xl font-black break-words">{gameName(info.data.name)}</h1>
        <p className="mt-1">
          {free.length
            ? t('seats.pickSeat')
            : t(watchPath ? 'seats.noFreeSeatWatch' : 'seats.noFreeSeat')}
        </p>
      </header>
      <ul className="space-y-2">
        {info.data.seats.map((s) => (
          <li key={s.playerId}>
            {!s.taken && !s.account ? (
              <button
                type="button"
                className="btn-primary w-full justify-between text-left text-lg"
                disabled={taking !== null}
                onClick={() => take(s)}
              >
                <span className="break-words">{s.name}</span>
                <span className="text-sm font-semibold">{t('seats.take')}</span>
              </button>
            ) : (
              <div className="card flex items-center justify-between gap-3 py-3 opacity-80">
                <span className="min-w-0 font-bold break-words">{s.name}</span>
                <span className="text-right text-sm text-foam-200">
                  {s.account ? t('seats.ownPhone') : t('seats.heldBy', { device: s.heldBy ?? '' })}
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
      <FormError message={error} />
      {watchPath && (
        <section className="space-y-2" aria-label={t('seats.watch')}>
          <a
            href={watchPath}
            className={`${free.length ? 'btn-secondary' : 'btn-primary'} w-full gap-2 text-lg`}
          >
            <Eye className="size-5 shrink-0" aria-hidden />
            {t('seats.watch')}
          </a>
          <p className="text-sm text-foam-200">{t('seats.watchHint')}</p>
        </section>
      )}
      {info.data.seats.some((s) => s.account) && (
        <p className="text-sm text-foam-200">
          {t('seats.accountHint')}{' '}
          <Link href="/login" className="underline">
            {t('seats.signIn')}
          </Link>
        </p>
      )}
    </div>
  );
}
