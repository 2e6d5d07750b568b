import { Play, Radio, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { toast } from 'react-toastify';
import { createFastGameBodySchema } from '@beerscale/contract/fast-games';
import {
  REDIRECT_AFTER_FAST_START_MS,
  ROUNDS,
  type ContainerType,
} from '@beerscale/contract/limits';
import { macFromQuery } from '@beerscale/contract/mac-address';
import type { Rules } from '@beerscale/contract/rules';
import { errorMessage } from '../../../lib/api-client';
import { usePrefilledMac, useOwnScales } from '../../../lib/own-scales';
import { useSession } from '../../../lib/session-context';
import { read, STORAGE_KEYS, write } from '../../../lib/storage';
import { useActiveFastGame } from '../api/active-fast-game';
import { useCreateFastGame } from '../api/create-fast-game';
import { useStartFastGame } from '../api/start-fast-game';
import { CapacityWarning } from '../../../components/capacity-warning';
import { ContainerChoice } from '../../../components/container-choice';
import { RoundsSelect } from '../../../components/rounds-select';
import { PlayerRows } from './player-rows';
import { RulesPicker } from '../../../components/rules/rules-picker';
import { DEFAULT_RULES, emptyTeam, rulesBody } from '../../../components/rules/rules-choice';
import { FormError } from '../../../components/form-error';
import { ScaleMacField } from '../../../components/scale-mac-field';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { useT } from '../../../i18n/use-t';

/** The other players' names typed earlier on this device, or one empty row. */
function typedNames(): string[] {
  try {
    const stored: unknown = JSON.parse(read(STORAGE_KEYS.fastGamePlayers) ?? 'null');
    if (Array.isArray(stored) && stored.length > 0 && stored.every((n) => typeof n === 'string')) {
      return stored as string[];
    }
  } catch {
    // Not ours to read: start afresh.
  }
  return [''];
}

/**
 * `suggestedMac`: a scale bridged from this browser, filled in unless a game or link says
 * otherwise; `suggestedCapacityGrams`: the most that scale weighs, to warn of a heavy container.
 */
export function FastGameSetup({
  suggestedMac = null,
  suggestedCapacityGrams = null,
}: { suggestedMac?: string | null; suggestedCapacityGrams?: number | null } = {}) {
  const { user } = useSession();
  const { t } = useT();
  const me = user?.playerName ?? read(STORAGE_KEYS.playerName) ?? t('fast.playerFallback');
  const [params] = useSearchParams();
  const linkedMac = useMemo(() => macFromQuery(params), [params]);
  const [players, setPlayersState] = useState<string[]>(() => [me, ...typedNames()]);
  // The names typed so far stay when /game is opened again (the table does not type twice).
  const setPlayers = (next: string[]) => {
    setPlayersState(next);
    const others = next.slice(1);
    write(
      STORAGE_KEYS.fastGamePlayers,
      others.some((n) => n.trim()) ? JSON.stringify(others) : null,
    );
  };
  const [mac, setMac] = useState(linkedMac ?? read(STORAGE_KEYS.activeScale) ?? '');
  const [container, setContainer] = useState<ContainerType>('BEER_BOTTLE');
  const [rounds, setRounds] = useState<number>(ROUNDS.default);
  const [picked, setPicked] = useState<Rules | null>(null);
  const [error, setError] = useState<string | null>(null);
  const active = useActiveFastGame();
  const create = useCreateFastGame();
  const start = useStartFastGame();
  const [, navigate] = useLocation();
  const game = active.data?.activeGame ?? null;
  // The rules of the game already set up, until the player picks others.
  const rules = picked ?? game?.rules ?? DEFAULT_RULES;
  const ownScales = useOwnScales();
  usePrefilledMac(mac, setMac, ownScales.data, !active.isPending && !game && !linkedMac);

  useEffect(() => {
    if (suggestedMac && !linkedMac && !game) setMac(suggestedMac);
  }, [suggestedMac, linkedMac, game]);

  // Restore an active casual game the server reports, with its scale and container.
  useEffect(() => {
    if (!game) return;
    setPlayersState(game.players.length ? game.players : [me, '']);
    if (!linkedMac) setMac(game.scaleAddress);
    setContainer(game.containerType);
    setRounds(game.rounds);
    write(STORAGE_KEYS.currentGameId, String(game.gameId));
  }, [game, linkedMac, me]);

  // The server drops empty rows before it assigns teams: the picker shows the same line-up.
  const lineUp = [me, ...players.slice(1)].map((name) => name.trim()).filter(Boolean);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (emptyTeam(rules, lineUp.length)) {
      setError(t('rules.option.teamsNeedPlayers'));
      return;
    }
    const parsed = createFastGameBodySchema.safeParse({
      players: [me, ...players.slice(1)],
      scaleAddress: mac,
      containerType: container,
      rounds,
      rules: rulesBody(rules, lineUp.length),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? formRefusalText(issue) : t('error.CREATE_FAST_GAME'));
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: ({ gameId }) => {
        write(STORAGE_KEYS.currentGameId, String(gameId));
        write(STORAGE_KEYS.activeScale, parsed.data.scaleAddress);
        toast.success(game ? t('fast.updated') : t('fast.ready'));
      },
      onError: (err) => setError(errorMessage(err, t('error.CREATE_FAST_GAME'))),
    });
  }

  function startRemote() {
    if (!game) {
      setError(t('error.NO_ACTIVE_FAST_GAME'));
      return;
    }
    start.mutate(game.gameId, {
      onSuccess: () => {
        write(STORAGE_KEYS.currentGameId, String(game.gameId));
        setTimeout(() => navigate('/live'), REDIRECT_AFTER_FAST_START_MS);
      },
      onError: (err) => setError(errorMessage(err, t('error.START_REMOTE_GAME'))),
    });
  }

  const running = game?.status === 'active';
  const busy = create.isPending || start.isPending;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormError message={error} />
      <ScaleMacField
        id="fast-mac"
        value={mac}
        onChange={setMac}
        readOnly={linkedMac !== null || running}
        scales={ownScales.data ?? []}
      >
        {linkedMac && <p className="mt-1.5 text-xs text-foam-400">{t('fast.macLinked')}</p>}
      </ScaleMacField>
      <ContainerChoice value={container} onChange={setContainer} disabled={running} />
      <CapacityWarning
        container={container}
        capacityGrams={mac === suggestedMac ? suggestedCapacityGrams : null}
      />
      <RoundsSelect id="fast-rounds" value={rounds} onChange={setRounds} disabled={running} />
      <PlayerRows players={players} onChange={setPlayers} disabled={running} />
      <RulesPicker value={rules} onChange={setPicked} players={lineUp} disabled={running} />
      {!game ? (
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {t('fast.setup')}
        </button>
      ) : (
        <div className="grid gap-2 sm:grid-cols-3">
          <button
            type="button"
            className="btn-primary"
            onClick={startRemote}
            disabled={busy || running}
          >
            <Play className="size-4" aria-hidden /> {t('fast.start')}
          </button>
          <button type="button" className="btn-secondary" onClick={() => navigate('/live')}>
            <Radio className="size-4" aria-hidden /> {t('fast.view')}
          </button>
          <button type="submit" className="btn-secondary" disabled={busy || running}>
            <RefreshCw className="size-4" aria-hidden /> {t('fast.update')}
          </button>
        </div>
      )}
      {start.isSuccess && (
        <p role="status" className="banner-success">
          {t('fast.started')}
        </p>
      )}
    </form>
  );
}
