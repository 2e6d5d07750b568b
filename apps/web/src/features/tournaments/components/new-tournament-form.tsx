import { Plus, Trophy, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { GroupDetail } from '@beerscale/contract/groups';
import { ROUNDS, type ContainerType } from '@beerscale/contract/limits';
import type { Rules } from '@beerscale/contract/rules';
import {
  createTournamentBodySchema,
  TOURNAMENT_DEFAULTS,
  TOURNAMENT_FORMATS,
  type CreateTournamentBody,
  type TournamentFormat,
} from '@beerscale/contract/tournaments';
import { ContainerChoice } from '../../../components/container-choice';
import { FormError } from '../../../components/form-error';
import { MemberChip } from '../../../components/member-chip';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { RoundsSelect } from '../../../components/rounds-select';
import { NumberSelect } from '../../../components/select-field';
import { DEFAULT_RULES, emptyTeam, rulesBody } from '../../../components/rules/rules-choice';
import { RulesPicker } from '../../../components/rules/rules-picker';
import { errorMessage } from '../../../lib/api-client';
import { refusalText } from '../../../lib/refusal-text';
import { useT, type TextKey } from '../../../i18n/use-t';
import { useCreateTournament } from '../api/create-tournament';
import { useTournamentGroup } from '../api/tournament-group';
import { formatName } from './labels';

const FORMAT_HINTS: Record<TournamentFormat, TextKey> = {
  'grand-prix': 'tournaments.format.grandPrixHint',
  heats: 'tournaments.format.heatsHint',
};

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** /groups/{id}/tournaments/new: the group's members and passers-by, the format and its numbers. */
export function NewTournamentForm({ groupId }: { groupId: number }) {
  const { t } = useT();
  const group = useTournamentGroup(groupId);
  return (
    <QueryState query={group} errorText={t('tournaments.groupFailed')}>
      {(data) => <Form group={data} />}
    </QueryState>
  );
}

function Form({ group }: { group: GroupDetail }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [format, setFormat] = useState<TournamentFormat>('grand-prix');
  // The organiser plays unless they tap themselves out.
  const [chosen, setChosen] = useState<number[]>([group.memberId]);
  const [guests, setGuests] = useState<string[]>([]);
  const [guest, setGuest] = useState('');
  const [container, setContainer] = useState<ContainerType>('BEER_BOTTLE');
  const [rounds, setRounds] = useState<number>(ROUNDS.default);
  const [games, setGames] = useState<number>(TOURNAMENT_DEFAULTS.games);
  const [heatSize, setHeatSize] = useState<number>(TOURNAMENT_DEFAULTS.heatSize);
  const [qualify, setQualify] = useState<number>(TOURNAMENT_DEFAULTS.qualify);
  const [secondChance, setSecondChance] = useState<number>(TOURNAMENT_DEFAULTS.secondChance);
  const [rules, setRules] = useState<Rules>(DEFAULT_RULES);
  const [adults, setAdults] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTournament(group.id);

  const toggle = (memberId: number) =>
    setChosen((now) =>
      now.includes(memberId) ? now.filter((id) => id !== memberId) : [...now, memberId],
    );
  const addGuest = () => {
    const typed = guest.trim();
    if (!typed) return;
    if (!guests.some((g) => g.toLowerCase() === typed.toLowerCase())) {
      setGuests([...guests, typed]);
    }
    setGuest('');
  };
  const lineUp = [
    ...chosen.flatMap((id) => group.members.find((m) => m.memberId === id)?.name ?? []),
    ...guests,
  ];
  const spirits = rules.penaltyDrink === 'spirit';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (emptyTeam(rules, lineUp.length)) {
      setError(t('rules.option.teamsNeedPlayers'));
      return;
    }
    if (spirits && !adults) {
      setError(t('error.ADULTS_NOT_CONFIRMED'));
      return;
    }
    const body: CreateTournamentBody = {
      name,
      format,
      players: [...chosen.map((memberId) => ({ memberId })), ...guests],
      containerType: container,
      rounds,
      rules: rulesBody(rules, lineUp.length),
      ...(format === 'grand-prix' ? { games } : { heatSize, qualify, secondChance }),
      ...(spirits ? { adultsConfirmed: true } : {}),
    };
    const parsed = createTournamentBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(refusalText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: ({ id }) => navigate(`/tournaments/${id}`),
      onError: (err) => setError(errorMessage(err, t('tournaments.createFailed'))),
    });
  }

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={`/groups/${group.id}`} className="link-quiet text-sm">
        {t('tournaments.backToGroup', { name: group.name })}
      </Link>
      <PageTitle subtitle={t('tournaments.newHint')}>
        <Trophy className="mr-2 inline size-7 align-[-0.15em] text-amber-400" aria-hidden />
        {t('tournaments.new')}
      </PageTitle>
      <form onSubmit={submit} noValidate className="card space-y-5">
        <FormError message={error} />
        <div>
          <label htmlFor="tournament-name" className="field-label">
            {t('tournaments.name')}
          </label>
          <input
            id="tournament-name"
            className="field-input"
            value={name}
            maxLength={40}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('tournaments.namePlaceholder')}
          />
        </div>
        <fieldset>
          <legend className="field-label">{t('tournaments.format')}</legend>
          <div className="grid gap-2 sm:grid-cols-2" role="radiogroup">
            {TOURNAMENT_FORMATS.map((f) => (
              <label
                key={f}
                className={`flex cursor-pointer flex-col rounded-xl border px-3 py-2.5 transition ${
                  format === f
                    ? 'border-amber-400 bg-amber-400/15'
                    : 'border-malt-600 hover:border-foam-400'
                }`}
              >
                <input
                  type="radio"
                  name="tournament-format"
                  className="sr-only"
                  checked={format === f}
                  onChange={() => setFormat(f)}
                />
                <span className={`font-bold ${format === f ? 'text-amber-300' : 'text-foam-50'}`}>
                  {formatName(f)}
                </span>
                <span className="text-sm text-foam-200">{t(FORMAT_HINTS[f])}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="field-label">
            {t('tournaments.players')}{' '}
            <span className="font-normal text-foam-300">
              ({t('tournaments.playerCount', { count: lineUp.length })})
            </span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {group.members.map((member) => (
              <MemberChip
                key={member.memberId}
                name={member.name}
                on={chosen.includes(member.memberId)}
                onToggle={() => toggle(member.memberId)}
              />
            ))}
            {guests.map((g) => (
              <span
                key={g}
                data-testid="passer-by"
                className="flex min-h-11 items-center gap-1 rounded-full border border-amber-400 bg-amber-400/15 py-1 pr-1 pl-3.5 text-sm font-semibold text-amber-200"
              >
                {g}
                <button
                  type="button"
                  className="grid size-9 place-items-center rounded-full hover:bg-malt-800"
                  aria-label={t('tournaments.removeGuest', { name: g })}
                  onClick={() => setGuests(guests.filter((x) => x !== g))}
                >
                  <X className="size-4" aria-hidden />
                </button>
              </span>
            ))}
          </div>
          <div className="mt-3 flex gap-2">
            <label htmlFor="tournament-guest" className="sr-only">
              {t('tournaments.guest')}
            </label>
            <input
              id="tournament-guest"
              className="field-input placeholder:text-base"
              value={guest}
              maxLength={40}
              placeholder={t('tournaments.guestPlaceholder')}
              onChange={(e) => setGuest(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addGuest();
                }
              }}
            />
            <button
              type="button"
              className="btn-secondary min-w-12 shrink-0 px-3 sm:px-4"
              onClick={addGuest}
            >
              <Plus className="size-4" aria-hidden />
              {/* A phone keeps the field's width for the name: the label is for screen readers. */}
              <span className="max-sm:sr-only">{t('tournaments.addGuest')}</span>
            </button>
          </div>
        </fieldset>
        {format === 'grand-prix' ? (
          <NumberSelect
            id="tournament-games"
            label={t('tournaments.gameCount')}
            value={games}
            options={range(1, 10)}
            onChange={setGames}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberSelect
              id="tournament-heat-size"
              label={t('tournaments.heatSize')}
              value={heatSize}
              options={range(2, 10)}
              onChange={(size) => {
                setHeatSize(size);
                if (qualify >= size) setQualify(size - 1);
              }}
            />
            <NumberSelect
              id="tournament-qualify"
              label={t('tournaments.qualify')}
              value={qualify}
              options={range(1, heatSize - 1)}
              onChange={setQualify}
            />
            <NumberSelect
              id="tournament-second-chance"
              label={t('tournaments.secondChance')}
              value={secondChance}
              options={range(0, 10)}
              onChange={setSecondChance}
            />
          </div>
        )}
        <ContainerChoice value={container} onChange={setContainer} />
        <RoundsSelect id="tournament-rounds" value={rounds} onChange={setRounds} />
        <RulesPicker value={rules} onChange={setRules} players={lineUp} />
        {spirits && (
          <label className="flex items-start gap-3 rounded-2xl border border-amber-400/40 bg-amber-400/10 px-4 py-3">
            <input
              type="checkbox"
              className="mt-1 size-5 accent-amber-400"
              checked={adults}
              onChange={(e) => setAdults(e.target.checked)}
            />
            <span>{t('tournaments.adultsConfirm')}</span>
          </label>
        )}
        <button type="submit" className="btn-primary w-full" disabled={create.isPending}>
          <Trophy className="size-5" aria-hidden />
          {t('tournaments.start')}
        </button>
      </form>
    </div>
  );
}
