import { Play, Radio, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { toast } from 'react-toastify';
import { createFastGameBodySchema, type FastGamePlayerEntry } from '@beerscale/contract/fast-games';
import type { GroupDetail } from '@beerscale/contract/groups';
import {
  CONTAINER_TYPES,
  REDIRECT_AFTER_FAST_START_MS,
  ROUNDS,
  type ContainerType,
} from '@beerscale/contract/limits';
import { macFromQuery } from '@beerscale/contract/mac-address';
import { rulesSchema, type Rules } from '@beerscale/contract/rules';
import { errorMessage } from '../../../lib/api-client';
import { usePrefilledMac, useOwnScales } from '../../../lib/own-scales';
import { useSession } from '../../../lib/session-context';
import { read, STORAGE_KEYS, write } from '../../../lib/storage';
import { useActiveFastGame } from '../api/active-fast-game';
import { useCreateFastGame } from '../api/create-fast-game';
import { useSetupGroup } from '../api/group-detail';
import { useSetupGroups } from '../api/my-groups';
import { GroupSelect, MemberChips } from './group-choice';
import { useStartFastGame } from '../api/start-fast-game';
import { CapacityWarning } from '../../../components/capacity-warning';
import { ContainerChoice } from '../../../components/container-choice';
import { RoundsSelect } from '../../../components/rounds-select';
import { PlayerRows } from './player-rows';
import { RulesPicker } from '../../../components/rules/rules-picker';
import { DEFAULT_RULES, emptyTeam, rulesBody } from '../../../components/rules/rules-choice';
import { FormError } from '../../../components/form-error';
import { AdultsConfirmation, adultsBody } from '../../../components/drinks/adults-confirmation';
import {
  DEFAULT_DRINK_CHOICE,
  drinkInput,
  type DrinkChoice,
} from '../../../components/drinks/drink-picker';
import { ScaleMacField } from '../../../components/scale-mac-field';
import { refusalText } from '../../../lib/refusal-text';
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

/** A group's last set-up as the form's values; what the form cannot show is left as it is. */
function fromLastSetup(group: GroupDetail) {
  const last = group.lastSetup;
  if (!last) return null;
  const known = new Set(group.members.map((member) => member.memberId));
  const rules = rulesSchema.safeParse(last.rules);
  const container = CONTAINER_TYPES.find((type) => type === last.containerType);
  return {
    memberIds: last.memberIds.filter((id) => id !== group.memberId && known.has(id)),
    guestNames: last.guestNames,
    rules: rules.success ? rules.data : null,
    container: container ?? null,
    rounds: last.rounds,
  };
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
  // Each row's drink (responsible play): beer 5.0 % unless picked otherwise.
  const [drinks, setDrinks] = useState<DrinkChoice[]>([]);
  const [mac, setMac] = useState(linkedMac ?? read(STORAGE_KEYS.activeScale) ?? '');
  const [container, setContainer] = useState<ContainerType>('BEER_BOTTLE');
  const [rounds, setRounds] = useState<number>(ROUNDS.default);
  const [picked, setPicked] = useState<Rules | null>(null);
  // Responsible play: the leader's "everyone is 18 or older" for spirit penalties.
  const [adults, setAdults] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A group game: the group, and its members tapped into the line-up (after the leader).
  const groups = useSetupGroups();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const groupQuery = useSetupGroup(groupId);
  const group = groupId !== null && groupQuery.data?.id === groupId ? groupQuery.data : null;
  const [startedFrom, setStartedFrom] = useState<number | null>(null);
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
    setDrinks([]);
    if (!linkedMac) setMac(game.scaleAddress);
    setContainer(game.containerType);
    setRounds(game.rounds);
    write(STORAGE_KEYS.currentGameId, String(game.gameId));
  }, [game, linkedMac, me]);

  // A chosen group's details start the form from its last set-up, once per choice.
  useEffect(() => {
    if (!group || startedFrom === group.id) return;
    setStartedFrom(group.id);
    const last = fromLastSetup(group);
    setChosen(last?.memberIds ?? []);
    if (!last) return;
    setPlayersState([me, ...(last.guestNames.length ? last.guestNames : [''])]);
    setDrinks([]);
    if (last.rules) setPicked(last.rules);
    if (last.container) setContainer(last.container);
    if (last.rounds !== null) setRounds(last.rounds);
  }, [group, startedFrom, me]);

  const chooseGroup = (id: number | null) => {
    setGroupId(id);
    setChosen([]);
    setStartedFrom(null);
  };
  const toggleMember = (memberId: number) =>
    setChosen((now) =>
      now.includes(memberId) ? now.filter((id) => id !== memberId) : [...now, memberId],
    );
  const chosenNames = group
    ? chosen.flatMap((id) => group.members.find((m) => m.memberId === id)?.name ?? [])
    : [];

  // The server drops empty rows before it assigns teams: the picker shows the same line-up.
  const lineUp = [me, ...chosenNames, ...players.slice(1)]
    .map((name) => name.trim())
    .filter(Boolean);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (emptyTeam(rules, lineUp.length)) {
      setError(t('rules.option.teamsNeedPlayers'));
      return;
    }
    if (rules.penaltyDrink === 'spirit' && !adults) {
      setError(t('error.ADULTS_NOT_CONFIRMED'));
      return;
    }
    // In a group game the leader and the tapped members go by membership, the rest by name.
    const drinkOf = (index: number) => ({
      drink: drinkInput(drinks[index] ?? DEFAULT_DRINK_CHOICE),
    });
    const guests = players.slice(1).map((name, i) => ({ name, ...drinkOf(i + 1) }));
    const line: FastGamePlayerEntry[] = group
      ? [
          { memberId: group.memberId, ...drinkOf(0) },
          ...chosen.map((memberId) => ({ memberId })),
          ...guests,
        ]
      : [{ name: me, ...drinkOf(0) }, ...guests];
    const parsed = createFastGameBodySchema.safeParse({
      players: line,
      ...(group ? { groupId: group.id } : {}),
      scaleAddress: mac,
      containerType: container,
      rounds,
      rules: rulesBody(rules, lineUp.length),
      ...adultsBody(rules, adults),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? refusalText(issue) : t('error.CREATE_FAST_GAME'));
      return;
    }
    setError(null);
    // A member goes as `{ memberId }` (the parsed form names them ''); empty rows are dropped.
    const body = group
      ? {
          ...parsed.data,
          players: line.filter((p) => typeof p === 'string' || !('name' in p) || p.name.trim()),
        }
      : parsed.data;
    create.mutate(body, {
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

  // What the creator may do with their set-up, as the server's policy says (the reply's `can`):
  // a running game is neither started nor set up again (`locked`: its form is read-only).
  const locked = game !== null && !(game.can?.update ?? false);
  const canStart = game?.can?.start ?? false;
  const busy = create.isPending || start.isPending;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormError message={error} />
      <ScaleMacField
        id="fast-mac"
        value={mac}
        onChange={setMac}
        readOnly={linkedMac !== null || locked}
        scales={ownScales.data ?? []}
      >
        {linkedMac && <p className="mt-1.5 text-xs text-foam-400">{t('fast.macLinked')}</p>}
      </ScaleMacField>
      <ContainerChoice value={container} onChange={setContainer} disabled={locked} />
      <CapacityWarning
        container={container}
        capacityGrams={mac === suggestedMac ? suggestedCapacityGrams : null}
      />
      <RoundsSelect id="fast-rounds" value={rounds} onChange={setRounds} disabled={locked} />
      {groups.data && groups.data.length > 0 && !game && (
        <GroupSelect groups={groups.data} value={groupId} onChange={chooseGroup} />
      )}
      {group && (
        <MemberChips group={group} chosen={chosen} onToggle={toggleMember} disabled={locked} />
      )}
      <PlayerRows
        players={players}
        onChange={setPlayers}
        drinks={drinks}
        onDrinksChange={setDrinks}
        disabled={locked}
      />
      <RulesPicker value={rules} onChange={setPicked} players={lineUp} disabled={locked} />
      <AdultsConfirmation rules={rules} checked={adults} onChange={setAdults} disabled={locked} />
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
            disabled={busy || !canStart}
          >
            <Play className="size-4" aria-hidden /> {t('fast.start')}
          </button>
          <button type="button" className="btn-secondary" onClick={() => navigate('/live')}>
            <Radio className="size-4" aria-hidden /> {t('fast.view')}
          </button>
          <button type="submit" className="btn-secondary" disabled={busy || locked}>
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
