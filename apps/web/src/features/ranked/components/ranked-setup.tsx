import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from 'react-toastify';
import { rankedSetupBodySchema, type GameSummary } from '@beerscale/contract/games';
import { ROUNDS, type ContainerType } from '@beerscale/contract/limits';
import type { Rules } from '@beerscale/contract/rules';
import { isValidMac } from '@beerscale/contract/mac-address';
import { CapacityWarning } from '../../../components/capacity-warning';
import { ContainerChoice } from '../../../components/container-choice';
import { RoundsSelect } from '../../../components/rounds-select';
import { errorMessage } from '../../../lib/api-client';
import { usePrefilledMac, useOwnScales } from '../../../lib/own-scales';
import { read, STORAGE_KEYS, write } from '../../../lib/storage';
import { carriedSetup } from '../../../lib/carried-setup';
import { lobbyCalls, useLobbyAction } from '../api/mutations';
import { RulesPicker } from '../../../components/rules/rules-picker';
import { DEFAULT_RULES, emptyTeam, rulesBody } from '../../../components/rules/rules-choice';
import { AdultsConfirmation, adultsBody } from '../../../components/drinks/adults-confirmation';
import { FormError } from '../../../components/form-error';
import { ScaleMacField } from '../../../components/scale-mac-field';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { presetName } from '../../../i18n/rules-text';
import type { TextKey } from '../../../i18n/use-t';
import { useT } from '../../../i18n/use-t';

const STATUS_TEXT: Record<string, TextKey> = {
  pending: 'ranked.status.pending',
  configured: 'ranked.status.configured',
  active: 'ranked.status.active',
};

/**
 * The leader's scale set-up and start (as the lobby's `can` offers them); everyone sees the
 * configured-game panel.
 */
export function RankedSetup({
  game,
  players,
  canSetUp,
  canStart,
  linkedMac,
  suggestedMac = null,
  suggestedCapacityGrams = null,
}: {
  game: GameSummary;
  /** The line-up's names in turn order. */
  players: string[];
  /** The set-up form: the lobby takes changes and the reader leads it. */
  canSetUp: boolean;
  /** The start from the set-up (the button is there with the form; without, it says why). */
  canStart: boolean;
  linkedMac: string | null;
  /** The scale this browser bridges right now, or null. */
  suggestedMac?: string | null;
  /** The most that bridged scale weighs, to warn of a container too heavy for it. */
  suggestedCapacityGrams?: number | null;
}) {
  // A device link names the scale; then the scale the game is set up on; then this browser's
  // bridged scale; then the scale last used here.
  const [mac, setMac] = useState(
    linkedMac ?? game.scale_mac ?? suggestedMac ?? read(STORAGE_KEYS.activeScale) ?? '',
  );
  // A bridge that connects (or changes scale) while the lobby is open fills the field: the
  // player just connected that scale to play on it. A device link keeps its scale.
  const followed = useRef(suggestedMac);
  useEffect(() => {
    if (suggestedMac === followed.current) return;
    followed.current = suggestedMac;
    if (suggestedMac && linkedMac === null) setMac(suggestedMac);
  }, [suggestedMac, linkedMac]);
  // A lobby opened by "Play again" starts from the game played before it (until it is set up,
  // a lobby holds only the defaults).
  const [carried] = useState(() => (game.status === 'configured' ? null : carriedSetup(game.id)));
  const [container, setContainer] = useState<ContainerType>(
    carried?.containerType ?? game.container_type ?? 'BEER_BOTTLE',
  );
  const [rounds, setRounds] = useState<number>(
    carried?.rounds ?? (game.rounds_planned || ROUNDS.default),
  );
  const [error, setError] = useState<string | null>(null);
  const { t } = useT();
  const ownScales = useOwnScales();
  usePrefilledMac(mac, setMac, ownScales.data, canSetUp && !linkedMac);
  const action = useLobbyAction();
  const [, navigate] = useLocation();
  // The rules the lobby was set up with, until the leader picks others.
  const setUpRules = game.status === 'configured' ? game.rules : null;
  const [picked, setPicked] = useState<Rules | null>(null);
  // Responsible play: the leader's "everyone is 18 or older" for spirit penalties.
  const [adults, setAdults] = useState(false);
  const rules = picked ?? setUpRules ?? carried?.rules ?? DEFAULT_RULES;
  const playerCount = players.length;
  const body = {
    scaleAddress: mac,
    containerType: container,
    rounds,
    rules: rulesBody(rules, playerCount),
    ...adultsBody(rules, adults),
  };

  function validated() {
    if (playerCount <= 1) return (setError(t('error.INVITE_AT_LEAST_ONE')), null);
    if (emptyTeam(rules, playerCount)) return (setError(t('rules.option.teamsNeedPlayers')), null);
    if (rules.penaltyDrink === 'spirit' && !adults) {
      return (setError(t('error.ADULTS_NOT_CONFIRMED')), null);
    }
    const parsed = rankedSetupBodySchema.safeParse(body);
    if (!parsed.success)
      return (setError(formRefusalText(parsed.error.issues[0]?.message ?? '')), null);
    setError(null);
    return parsed.data;
  }
  function setup() {
    const data = validated();
    if (!data) return;
    action.mutate(lobbyCalls.setup(game.id, data), {
      onSuccess: () => {
        write(STORAGE_KEYS.activeScale, data.scaleAddress);
        toast.success(t('toast.rankedSetup'));
      },
      onError: (err) => setError(errorMessage(err, t('ranked.setupFailed'))),
    });
  }
  function start() {
    if (!canStart) return setError(t('error.SETUP_FIRST'));
    const data = validated();
    if (!data) return;
    action.mutate(lobbyCalls.start(game.id, data), {
      onSuccess: () => {
        toast.success(t('toast.rankedStarted'));
        write(STORAGE_KEYS.currentGameId, String(game.id));
        navigate('/live');
      },
      onError: (err) => setError(errorMessage(err, t('ranked.startFailed'))),
    });
  }

  return (
    <section aria-label={t('ranked.configured')} className="space-y-4">
      <dl className="grid grid-cols-2 gap-2 rounded-xl bg-malt-800/60 p-3 text-sm sm:grid-cols-4">
        <dt className="text-foam-400">{t('ranked.scale')}</dt>
        <dd className="font-mono">{game.scale_mac ?? '–'}</dd>
        <dt className="text-foam-400">{t('ranked.container')}</dt>
        <dd>{game.container_type ? t(`container.${game.container_type}`) : '–'}</dd>
        <dt className="text-foam-400">{t('ranked.players')}</dt>
        <dd>{playerCount}</dd>
        {/* A player waiting reads it at the top of the lobby instead (ranked-lobby.tsx). */}
        {(canSetUp || game.status === 'active') && (
          <>
            <dt className="text-foam-400">{t('ranked.status')}</dt>
            <dd>{STATUS_TEXT[game.status] ? t(STATUS_TEXT[game.status]!) : game.status}</dd>
          </>
        )}
        {setUpRules && (
          <>
            <dt className="text-foam-400">{t('rules.title')}</dt>
            <dd>{presetName(setUpRules.preset)}</dd>
          </>
        )}
      </dl>
      {canSetUp && (
        <>
          <FormError message={error} />
          <ScaleMacField
            id="ranked-mac"
            value={mac}
            onChange={setMac}
            readOnly={linkedMac !== null}
            scales={ownScales.data ?? []}
          />
          <ContainerChoice value={container} onChange={setContainer} />
          <CapacityWarning
            container={container}
            capacityGrams={mac === suggestedMac ? suggestedCapacityGrams : null}
          />
          <RoundsSelect id="ranked-rounds" value={rounds} onChange={setRounds} />
          <RulesPicker value={rules} onChange={setPicked} players={players} />
          <AdultsConfirmation rules={rules} checked={adults} onChange={setAdults} />
          <div className="grid gap-2 sm:grid-cols-2">
            <button
              type="button"
              className="btn-secondary"
              disabled={action.isPending || !isValidMac(mac) || playerCount <= 1}
              onClick={setup}
            >
              {t('ranked.setup')}
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={action.isPending}
              onClick={start}
            >
              {t('ranked.start')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
