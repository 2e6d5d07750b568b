import { useState } from 'react';
import type { GameAbilities, GamePlayerState, GameState } from '@beerscale/contract/game-state';
import { ESTIMATE_GRAMS } from '@beerscale/contract/rules';
import { FormError } from '../../../components/form-error';
import { CallerAmountForm } from '../../../components/rules/caller-amount-form';
import { useGramsEntry } from '../../../components/rules/grams-entry';
import { callerOf, giverOf } from '../../../components/rules/round-rules';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { useCallTarget } from '../api/call-target';
import { useEstimateEmpty } from '../api/estimate-empty';
import { useGivePenalty } from '../api/give-penalty';

/**
 * What house rules ask of this reader on /live: the caller's amount, the exact hitter's penalty
 * to give, the finale's estimates, each offered only as the snapshot's `can` says (the server's
 * game-policy.ts: the leader answers for anyone, a player for themselves; in a ranked game the
 * leader states another account's estimate only while that player is away, issue 42). The
 * server checks every answer again.
 */
export function RulesActions({ game, can }: { game: GameState; can: GameAbilities }) {
  if (game.status !== 'active') return null;
  const caller = callerOf(game);
  if (game.phase === 'CALLING' && can.call && caller) {
    return <CallTargetForm game={game} caller={caller} />;
  }
  const giver = giverOf(game);
  if (game.phase === 'GIVING' && can.give && giver) {
    return <GivePicker game={game} giver={giver} />;
  }
  if (game.phase === 'ESTIMATING') {
    // Still asked: the players the reader may state for who have no estimate yet.
    const open = game.players.filter((p) => can.estimateFor.includes(p.id) && p.estimate === null);
    if (open.length) return <EstimateEntries game={game} players={open} />;
  }
  return null;
}

function CallTargetForm({ game, caller }: { game: GameState; caller: GamePlayerState }) {
  const { t } = useT();
  const callTarget = useCallTarget(game.id);
  return (
    <section aria-label={t('phase.CALLING')} className="card space-y-2">
      <CallerAmountForm
        id="call-amount"
        label={t('rules.callLabel', { name: caller.playerName })}
        busy={callTarget.isPending}
        stackOnPhone
        onCall={(amount, sent) =>
          callTarget.mutate(amount, {
            onSuccess: sent.clear,
            onError: (err) => sent.refuse(errorMessage(err, t('rules.callFailed'))),
          })
        }
      />
    </section>
  );
}

function GivePicker({ game, giver }: { game: GameState; giver: GamePlayerState }) {
  const { t } = useT();
  const give = useGivePenalty(game.id);
  const [error, setError] = useState<string | null>(null);
  const others = game.players.filter((p) => p.id !== giver.id && !p.disqualified);
  return (
    <section aria-label={t('phase.GIVING')} className="card space-y-3">
      <h2 className="text-lg font-bold">{t('rules.givePrompt', { name: giver.playerName })}</h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {others.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="btn-secondary w-full"
              disabled={give.isPending}
              onClick={() =>
                give.mutate(p.id, {
                  onSuccess: () => setError(null),
                  onError: (err) => setError(errorMessage(err, t('rules.giveFailed'))),
                })
              }
            >
              {t('rules.giveTo', { name: p.playerName })}
            </button>
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </section>
  );
}

function EstimateEntries({ game, players }: { game: GameState; players: GamePlayerState[] }) {
  const { t } = useT();
  return (
    <section aria-label={t('phase.ESTIMATING')} className="card space-y-3">
      <h2 className="text-lg font-bold">{t('rules.estimatePrompt')}</h2>
      {players.map((p) => (
        <EstimateEntry key={p.id} gameId={game.id} player={p} />
      ))}
    </section>
  );
}

function EstimateEntry({ gameId, player }: { gameId: number; player: GamePlayerState }) {
  const { t } = useT();
  const estimate = useEstimateEmpty(gameId);
  const entry = useGramsEntry(ESTIMATE_GRAMS, t('error.ESTIMATE_GRAMS'), (grams, sent) =>
    estimate.mutate(
      { playerId: player.id, grams },
      { onError: (err) => sent.refuse(errorMessage(err, t('rules.estimateFailed'))) },
    ),
  );
  const id = `estimate-${player.id}`;
  return (
    <form onSubmit={entry.submit} className="space-y-1">
      <label htmlFor={id} className="field-label">
        {t('rules.estimateLabel', { name: player.playerName })}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className="field-input min-w-0 flex-1"
          inputMode="numeric"
          value={entry.text}
          onChange={(e) => entry.setText(e.target.value)}
        />
        <button type="submit" className="btn-primary shrink-0" disabled={estimate.isPending}>
          {t('rules.estimateSave')}
        </button>
      </div>
      <FormError message={entry.error} />
    </form>
  );
}
