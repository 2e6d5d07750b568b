import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useMutation, useQuery } from '@tanstack/react-query';
import { setGameDrink } from '@beerscale/contract/api/drinks';
import { gameState } from '@beerscale/contract/api/play';
import { profile } from '@beerscale/contract/api/users';
import { gameDrinkBodySchema, type Drink } from '@beerscale/contract/drinks';
import { DrinkIcon } from '../../../components/drinks/drink-icon';
import { DrinkPicker, drinkChoice, drinkInput } from '../../../components/drinks/drink-picker';
import { FormError } from '../../../components/form-error';
import { useT } from '../../../i18n/use-t';
import { call, errorMessage } from '../../../lib/api-client';
import { refusalText } from '../../../lib/refusal-text';

/** The caller's profile, under the key the profile page caches it by (its default drink). */
const useOwnProfile = () => useQuery({ queryKey: ['profile'], queryFn: () => call(profile) });

/**
 * The caller's drink in the game as the game's state says (a change made earlier, on another
 * phone), else the account's default, which the game starts with; null while neither is known.
 */
export function useLobbyDrink(gameId: number, userId: number | undefined): Drink | null {
  const state = useQuery({
    queryKey: ['lobby-drink', gameId],
    queryFn: () => call(gameState, { params: { id: gameId } }).then((reply) => reply.game),
    retry: false,
  });
  const own = useOwnProfile();
  const seated = state.data?.players.find((player) => player.userId === userId);
  if (seated) return seated.drink;
  if (state.isPending) return null;
  return own.data?.defaultDrink ?? null;
}

/**
 * A ranked player's own drink in the lobby (PUT /api/games/{id}/drink): the game starts with the
 * account's default drink (`initial`); it may be changed until the game starts.
 */
export function LobbyDrink({ gameId, initial }: { gameId: number; initial: Drink }) {
  const { t } = useT();
  const [current, setCurrent] = useState(initial);
  const [choice, setChoice] = useState(() => drinkChoice(initial));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { drink: ReturnType<typeof drinkInput> }) =>
      call(setGameDrink, { params: { id: gameId }, body }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { drink: drinkInput(choice) };
    const parsed = gameDrinkBodySchema.safeParse(body);
    if (!parsed.success) return setError(refusalText(parsed.error.issues[0]?.message ?? ''));
    setError(null);
    save.mutate(body, {
      onSuccess: ({ drink }) => {
        setCurrent(drink);
        toast.success(t('ranked.drinkSaved'));
      },
      onError: (err) => setError(errorMessage(err, t('ranked.drinkFailed'))),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="card space-y-3" data-testid="lobby-drink">
      <h3 className="flex items-center gap-2 font-bold">
        {t('ranked.myDrink')}
        <DrinkIcon drink={current} />
      </h3>
      <FormError message={error} />
      <div className="flex flex-wrap items-center gap-2">
        <DrinkPicker
          value={choice}
          onChange={setChoice}
          label={t('ranked.myDrink')}
          abvLabel={t('profile.defaultDrinkAbv')}
        />
        <button type="submit" className="btn-secondary min-h-11" disabled={save.isPending}>
          {t('profile.save')}
        </button>
      </div>
    </form>
  );
}
