import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GlassWater } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { GamePlayerState, GameState } from '@beerscale/contract/game-state';
import { ESTIMATE_GRAMS } from '@beerscale/contract/rules';
import type { SeatActionBody } from '@beerscale/contract/seats';
import { FormError } from '../../../components/form-error';
import { CallerAmountForm } from '../../../components/rules/caller-amount-form';
import { useGramsEntry } from '../../../components/rules/grams-entry';
import { callerOf, giverOf } from '../../../components/rules/round-rules';
import { ApiError, errorMessage } from '../../../lib/api-client';
import type { ConnectionStatus, SocketLike } from '../../../lib/socket-client';
import { useTurnCue } from '../../../lib/use-turn-cue';
import { formatNumber } from '../../../i18n/format';
import { gameName } from '../../../i18n/game-name';
import { useT } from '../../../i18n/use-t';
import { leaveSeatCall, mySeatQuery, SEAT_FALLBACK_POLL_MS, sendSeatAction } from '../api/my-seat';
import { newActionId, writeSeat, type StoredSeat } from '../seat-store';
import { useSeatSocket, type SeatSocket } from '../use-seat-socket';

/** Wait before sending an unconfirmed action again (a lost network, a server restarting). */
const RESEND_MS = 2_000;
/** How long "Back" stays after the connection returned. */
const BACK_MS = 4_000;

type Action =
  | { kind: 'call'; amount: number }
  | { kind: 'give'; toPlayerId: number }
  | { kind: 'estimate'; grams: number };

const isRefusal = (err: unknown) =>
  err instanceof ApiError && err.kind === 'server' && err.status >= 400 && err.status < 500;

/**
 * One player's phone at the table: whose turn it is, the target, what this player must do now
 * (the amount to call, whom to give a penalty, the estimate) and how they stand. The game comes
 * over the watch socket, which the seat opens with its token (use-seat-socket.ts); while the
 * socket is down the game is asked for every few seconds. An action waits in this browser until
 * the server confirmed it, so a reload or a lost network neither loses nor doubles it (the
 * server applies an id once).
 */
export function SeatView({
  seat,
  onEnded,
  createSocket,
}: {
  seat: StoredSeat;
  onEnded: () => void;
  /** Tests hand in a fake watch socket. */
  createSocket?: (url: string) => SocketLike;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const seatKey = mySeatQuery(seat.token).queryKey;
  // The socket's snapshots replace the asked one (use-seat-socket.ts reads the newest callbacks).
  const onGame = (game: GameState) =>
    client.setQueryData(seatKey, (old) =>
      old ? { ...old, game } : { gameId: seat.gameId, playerId: seat.playerId, game },
    );
  // A policy close (the seat released or left): the server says whether the token still holds it.
  const recheck = async () => {
    await client.refetchQueries({ queryKey: seatKey });
    const state = client.getQueryState(seatKey);
    return !(state?.status === 'error' && isRefusal(state.error));
  };
  const socket = useSeatSocket(seat.token, onGame, recheck, createSocket);
  const query = useQuery({
    ...mySeatQuery(seat.token),
    refetchInterval: socket.connection === 'open' ? false : SEAT_FALLBACK_POLL_MS,
  });
  const [pending, setPending] = useState<SeatActionBody | null>(seat.pending ?? null);
  const [actionError, setActionError] = useState<string | null>(null);
  const link = useConnectionNote(socket.connection);
  const ended = query.isError && isRefusal(query.error);

  useEffect(() => {
    if (!ended) return;
    writeSeat(null);
  }, [ended]);

  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      writeSeat({ ...seat, pending: null });
      setPending(null);
    };
    const attempt = () => {
      sendSeatAction(seat.token, pending)
        .then((reply) => {
          if (stopped) return;
          client.setQueryData(mySeatQuery(seat.token).queryKey, (old) =>
            old ? { ...old, game: reply.game } : old,
          );
          done();
        })
        .catch((err: unknown) => {
          if (stopped) return;
          if (isRefusal(err)) {
            setActionError(errorMessage(err, t('seats.actionFailed')));
            done();
          } else timer = setTimeout(attempt, RESEND_MS);
        });
    };
    attempt();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pending, seat, client, t]);

  const game = query.data?.game ?? null;
  const me = game?.players.find((p) => p.id === seat.playerId) ?? null;
  const task = game && me ? taskOf(game, me) : null;
  useTurnCue(game && task && task !== 'wait' ? `${game.phase}-${game.round}-${task}` : null);

  const act = (action: Action) => {
    const body = { ...action, actionId: newActionId() } as SeatActionBody;
    setActionError(null);
    writeSeat({ ...seat, pending: body });
    setPending(body);
  };

  if (ended) {
    return (
      <section className="card space-y-3" aria-live="polite">
        <h1 className="text-xl font-black">{t('seats.endedTitle')}</h1>
        <p>{errorMessage(query.error, t('seats.endedTitle'))}</p>
        <button type="button" className="btn-primary w-full" onClick={onEnded}>
          {t('seats.joinAgain')}
        </button>
      </section>
    );
  }
  return (
    <div className="mx-auto w-full max-w-md space-y-4">
      <ConnectionNote state={link} />
      {!game || !me ? (
        <p role="status" className="card">
          {t('seats.loading')}
        </p>
      ) : (
        <>
          <header>
            <p className="text-sm text-foam-200">{gameName(game.name)}</p>
            <h1 className="text-3xl font-black break-words">{me.playerName}</h1>
            {game.status === 'active' && game.round > 0 && (
              <p className="mt-1 font-semibold">
                {t('live.round', { round: game.round, total: game.roundsPlanned })}
                {game.target !== null && ` · ${t('seats.target', { grams: game.target })}`}
              </p>
            )}
          </header>
          {me.limitReached && (
            <p
              role="status"
              data-testid="seat-limit-notice"
              className="flex items-start gap-2 rounded-2xl bg-sky-200 px-4 py-3 font-semibold text-malt-950"
            >
              <GlassWater className="mt-0.5 size-5 shrink-0" aria-hidden />
              <span>{t('seats.limitReached')}</span>
            </p>
          )}
          <Task game={game} me={me} weight={socket.weight} busy={pending !== null} onAct={act} />
          {pending && (
            <p role="status" className="text-sm text-foam-200">
              {t('seats.sending')}
            </p>
          )}
          <FormError message={actionError} />
          <Standing game={game} me={me} />
          <button
            type="button"
            className="btn-secondary w-full"
            onClick={() => {
              void leaveSeatCall(seat.token).finally(() => {
                writeSeat(null);
                onEnded();
              });
            }}
          >
            {t('seats.leave')}
          </button>
        </>
      )}
    </div>
  );
}

type Task = 'call' | 'give' | 'estimate' | 'place' | 'wait';

/** What the game waits for from this player now. */
function taskOf(game: GameState, me: GamePlayerState): Task {
  if (game.status !== 'active' || me.disqualified) return 'wait';
  if (game.phase === 'CALLING') return callerOf(game)?.id === me.id ? 'call' : 'wait';
  if (game.phase === 'GIVING') return giverOf(game)?.id === me.id ? 'give' : 'wait';
  if (game.phase === 'ESTIMATING') return me.estimate === null ? 'estimate' : 'wait';
  return game.currentPlayerId === me.id ? 'place' : 'wait';
}

/**
 * "Reconnecting" while the seat's socket is down (closed, a PONG missed, the browser offline),
 * "Back" for a moment once it is open again: the socket's own state, not a guess.
 */
function useConnectionNote(status: ConnectionStatus): 'live' | 'reconnecting' | 'back' {
  const [state, setState] = useState<'live' | 'reconnecting' | 'back'>('live');
  const wasDown = useRef(false);
  useEffect(() => {
    if (status === 'reconnecting' || status === 'offline') {
      wasDown.current = true;
      setState('reconnecting');
      return;
    }
    if (status !== 'open' || !wasDown.current) return;
    wasDown.current = false;
    setState('back');
    const timer = setTimeout(() => setState('live'), BACK_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return state;
}

function ConnectionNote({ state }: { state: 'live' | 'reconnecting' | 'back' }) {
  const { t } = useT();
  if (state === 'live') return null;
  return (
    <p
      role="status"
      data-testid="seat-connection"
      className={
        state === 'reconnecting'
          ? 'rounded-2xl bg-amber-400 px-4 py-2 font-bold text-malt-950'
          : 'rounded-2xl bg-emerald-500 px-4 py-2 font-bold text-malt-950'
      }
    >
      {state === 'reconnecting' ? t('connection.reconnecting') : t('seats.back')}
    </p>
  );
}

function Task({
  game,
  me,
  weight,
  busy,
  onAct,
}: {
  game: GameState;
  me: GamePlayerState;
  /** The scale's live weight, from the seat's socket. */
  weight: SeatSocket['weight'];
  busy: boolean;
  onAct: (action: Action) => void;
}) {
  const { t } = useT();
  const container = game.containerType === 'BEER_CAN' ? 'can' : 'bottle';
  const task = taskOf(game, me);
  if (game.status === 'configured' || game.status === 'pending') {
    return <Prompt text={t('seats.waitingForStart')} />;
  }
  if (game.status !== 'active') {
    return (
      <Prompt
        text={me.rank !== null ? t('seats.finished', { rank: me.rank }) : t('seats.finishedNoRank')}
      />
    );
  }
  if (task === 'call')
    return <CallForm busy={busy} onCall={(amount) => onAct({ kind: 'call', amount })} />;
  if (task === 'give') {
    return (
      <section className="card space-y-3 border-2 border-amber-300" aria-label={t('phase.GIVING')}>
        <h2 className="text-2xl font-black">{t('seats.youGive')}</h2>
        <ul className="grid gap-2">
          {game.players
            .filter((p) => p.id !== me.id && !p.disqualified)
            .map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="btn-primary w-full"
                  disabled={busy}
                  onClick={() => onAct({ kind: 'give', toPlayerId: p.id })}
                >
                  {t('rules.giveTo', { name: p.playerName })}
                </button>
              </li>
            ))}
        </ul>
      </section>
    );
  }
  if (task === 'estimate') {
    return (
      <EstimateForm
        container={container}
        busy={busy}
        onEstimate={(grams) => onAct({ kind: 'estimate', grams })}
      />
    );
  }
  if (task === 'place') {
    return (
      <Prompt
        strong
        text={t(container === 'can' ? 'seats.placeCan' : 'seats.placeBottle')}
        detail={
          weight && weight.grams > 0
            ? t('seats.onScale', { grams: formatNumber(weight.grams, 0) })
            : null
        }
      />
    );
  }
  if (me.disqualified) return <Prompt text={t('seats.out')} />;
  if (game.phase === 'CALLING') {
    return <Prompt text={t('seats.othersCall', { name: callerOf(game)?.playerName ?? '' })} />;
  }
  if (game.phase === 'GIVING') {
    return <Prompt text={t('seats.othersGive', { name: giverOf(game)?.playerName ?? '' })} />;
  }
  if (game.phase === 'ESTIMATING')
    return <Prompt text={t('seats.estimateSent', { grams: me.estimate ?? 0 })} />;
  if (game.phase === 'DRINKING') return <Prompt text={t('seats.drink')} />;
  const onScale = game.players.find((p) => p.id === game.currentPlayerId);
  return (
    <Prompt
      text={onScale ? t('seats.othersTurn', { name: onScale.playerName }) : t('seats.waiting')}
    />
  );
}

function Prompt({
  text,
  strong = false,
  detail = null,
}: {
  text: string;
  strong?: boolean;
  /** A second line, e.g. the scale's live weight. */
  detail?: string | null;
}) {
  return (
    <section aria-live="polite" className={strong ? 'card border-2 border-amber-300' : 'card'}>
      <p className={strong ? 'text-2xl font-black' : 'text-xl font-bold'}>{text}</p>
      {detail && (
        <p className="mt-2 text-lg font-semibold text-foam-200" data-testid="seat-weight">
          {detail}
        </p>
      )}
    </section>
  );
}

/** Quick amounts for the caller: a tap names the usual ones, the field any other. */
const QUICK_AMOUNTS = [20, 30, 40, 50, 60, 70];

function CallForm({ busy, onCall }: { busy: boolean; onCall: (amount: number) => void }) {
  const { t } = useT();
  return (
    <section className="card space-y-3 border-2 border-amber-300" aria-label={t('phase.CALLING')}>
      <h2 className="text-2xl font-black">{t('seats.youCall')}</h2>
      <div className="grid grid-cols-3 gap-2">
        {QUICK_AMOUNTS.map((grams) => (
          <button
            key={grams}
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() => onCall(grams)}
          >
            {t('seats.grams', { grams })}
          </button>
        ))}
      </div>
      <CallerAmountForm
        id="seat-amount"
        label={t('seats.amountLabel')}
        busy={busy}
        onCall={onCall}
      />
    </section>
  );
}

function EstimateForm({
  container,
  busy,
  onEstimate,
}: {
  container: 'can' | 'bottle';
  busy: boolean;
  onEstimate: (grams: number) => void;
}) {
  const { t } = useT();
  const entry = useGramsEntry(ESTIMATE_GRAMS, t('error.ESTIMATE_GRAMS'), onEstimate);
  return (
    <section
      className="card space-y-3 border-2 border-amber-300"
      aria-label={t('phase.ESTIMATING')}
    >
      <form onSubmit={entry.submit} className="space-y-3">
        <label htmlFor="seat-estimate" className="block text-2xl font-black">
          {t(container === 'can' ? 'seats.estimateCan' : 'seats.estimateBottle')}
        </label>
        <div className="flex items-end gap-2">
          <input
            id="seat-estimate"
            className="field-input min-w-0 flex-1"
            inputMode="numeric"
            placeholder={t('rules.callPlaceholder', ESTIMATE_GRAMS)}
            value={entry.text}
            onChange={(e) => entry.setText(e.target.value)}
          />
          <button type="submit" className="btn-primary shrink-0" disabled={busy}>
            {t('seats.sendEstimate')}
          </button>
        </div>
      </form>
      <FormError message={entry.error} />
    </section>
  );
}

/** The player's own line: place, mean, penalties and what they drank. */
function Standing({ game, me }: { game: GameState; me: GamePlayerState }) {
  const { t } = useT();
  return (
    <section className="card space-y-2" aria-label={t('seats.standing')}>
      <h2 className="text-lg font-bold">{t('seats.standing')}</h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 hyphens-auto [overflow-wrap:anywhere]">
        {me.rank !== null && (
          <>
            <dt className="text-foam-200">{t('seats.place')}</dt>
            <dd className="font-bold">{me.rank}</dd>
          </>
        )}
        <dt className="text-foam-200">{t('seats.lastDifferences')}</dt>
        <dd className="font-bold break-words">
          {me.differences.length
            ? me.differences.map((d) => t('seats.grams', { grams: d })).join(' · ')
            : '–'}
        </dd>
        <dt className="text-foam-200">{t('seats.penalties')}</dt>
        <dd className="font-bold">{me.penalties}</dd>
        {me.estimate !== null && game.rules.finale !== 'none' && (
          <>
            <dt className="text-foam-200">{t('seats.estimate')}</dt>
            <dd className="font-bold">{t('seats.grams', { grams: me.estimate })}</dd>
          </>
        )}
        {/* Its own lines: "0,0 Standardgetränke" does not fit beside a label on a phone. */}
        <dt className="col-span-2 mt-1 text-foam-200">{t('seats.drinks')}</dt>
        <dd className="col-span-2 font-bold">
          {t('seats.drinksValue', {
            grams: me.drankGrams,
            drinks: formatNumber(me.standardDrinks, 1),
          })}
        </dd>
      </dl>
    </section>
  );
}
