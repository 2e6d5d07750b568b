import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupDetail } from '@beerscale/contract/api/groups';
import { rulePresets } from '@beerscale/contract/api/rules';
import { createTournament } from '@beerscale/contract/api/tournaments';
import { ROUNDS } from '@beerscale/contract/limits';
import { RULE_PRESETS, RULE_PRESET_IDS } from '@beerscale/contract/rules';
import { bodiesSent, refusal, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { group } from './tournament-fixtures';
import { NewTournamentForm } from './new-tournament-form';

beforeEach(() => {
  serve(groupDetail, () => group());
  serve(rulePresets, () => RULE_PRESET_IDS.map((id) => ({ id, rules: RULE_PRESETS[id] })));
  serve(createTournament, () => ({ id: 9 }));
});
afterEach(cleanup);

async function renderForm() {
  render(<NewTournamentForm groupId={5} />, {
    wrapper: sessionWrapper(new FakeSocket(), undefined, '/groups/5/tournaments/new'),
  });
  fireEvent.change(await screen.findByLabelText('Name of the night'), {
    target: { value: 'Cup night' },
  });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Start the tournament' }));

describe('the new tournament form', () => {
  it('sends a grand prix of the tapped members and a passer-by, then opens the tournament', async () => {
    await renderForm();
    // The organiser plays unless they tap themselves out.
    expect(screen.getByRole('button', { name: 'Hops' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Malt' }));
    fireEvent.change(screen.getByLabelText("A passer-by's name"), { target: { value: 'Gast' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByTestId('passer-by').textContent).toBe('Gast');
    expect(screen.getByText(/3 players/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Number of games'), { target: { value: '2' } });
    submit();
    await waitFor(() => expect(window.location.pathname).toBe('/tournaments/9'));
    expect(bodiesSent(createTournament)).toEqual([
      {
        name: 'Cup night',
        format: 'grand-prix',
        players: [{ memberId: 11 }, { memberId: 12 }, 'Gast'],
        containerType: 'BEER_BOTTLE',
        rounds: ROUNDS.default,
        games: 2,
      },
    ]);
  });

  it('sends heats with their heat size, qualifiers and second chance', async () => {
    await renderForm();
    fireEvent.click(screen.getByRole('radio', { name: /^Heats/ }));
    expect(screen.queryByLabelText('Games')).toBeNull();
    fireEvent.change(screen.getByLabelText('Players per heat'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Qualify for the final'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('From the second chance'), { target: { value: '0' } });
    for (const name of ['Malt', 'Barley']) fireEvent.click(screen.getByRole('button', { name }));
    submit();
    await waitFor(() => expect(bodiesSent(createTournament)).toHaveLength(1));
    expect(bodiesSent(createTournament)[0]).toMatchObject({
      format: 'heats',
      players: [{ memberId: 11 }, { memberId: 12 }, { memberId: 13 }],
      heatSize: 3,
      qualify: 1,
      secondChance: 0,
    });
    expect(bodiesSent(createTournament)[0]).not.toHaveProperty('games');
  });

  it('asks for the 18+ confirmation when the rules give spirits, and sends it', async () => {
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Malt' }));
    expect(screen.queryByRole('checkbox', { name: /18 or older/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /^Strichliste The farthest/ }));
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Spirit penalties need the confirmation that everyone playing is 18 or older',
    );
    expect(bodiesSent(createTournament)).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    submit();
    await waitFor(() => expect(bodiesSent(createTournament)).toHaveLength(1));
    expect(bodiesSent(createTournament)[0]).toMatchObject({
      rules: { preset: 'strichliste' },
      adultsConfirmed: true,
    });
  });

  it("says the contract's refusal: too few players before sending, the server's after", async () => {
    await renderForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A tournament needs 2 to 40 players',
    );
    expect(bodiesSent(createTournament)).toHaveLength(0);
    serve(createTournament, () =>
      refusal(createTournament, 409, {
        error: 'A player can enter a tournament only once',
        code: 'PLAYER_TWICE',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Malt' }));
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'A player can enter a tournament only once',
      ),
    );
  });
});
