import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Switch, useLocation } from 'wouter';
import { createGroup, myGroups } from '@beerscale/contract/api/groups';
import type { MyGroup } from '@beerscale/contract/groups';
import { bodiesSent, refusal, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { GroupsView } from './groups-view';

// /groups: the player's groups with their place, a new group (landing in it), and an invite or
// claim link pasted from a chat opening its link page.

const SEASON = { number: 1, name: null, startedAt: '2026-11-01T18:00:00.000Z', endedAt: null };
const TOKEN = 'Ab3_-9xYz0Ab3_-9xYz0Ab';

function Landed() {
  const [path] = useLocation();
  return <p>{`landed on ${path}`}</p>;
}

function renderGroups() {
  render(
    <Switch>
      <Route path="/groups">
        <GroupsView />
      </Route>
      <Route>
        <Landed />
      </Route>
    </Switch>,
    { wrapper: sessionWrapper(new FakeSocket(), undefined, '/groups') },
  );
}

let list: MyGroup[];
beforeEach(() => {
  list = [];
  serve(myGroups, () => list);
});
afterEach(cleanup);

describe('the groups list', () => {
  it('says there are none yet, then lists each group with its role and my place', async () => {
    renderGroups();
    expect(await screen.findByText('No groups yet')).toBeTruthy();
    cleanup();
    list = [
      {
        id: 5,
        name: 'Thursday Club',
        emoji: null,
        role: 'captain',
        members: 3,
        season: SEASON,
        place: 2,
      },
      {
        id: 6,
        name: 'Office',
        emoji: '🎯',
        role: 'member',
        members: 1,
        season: SEASON,
        place: null,
      },
    ];
    renderGroups();
    const cards = await screen.findAllByTestId('group-card');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/groups/5', '/groups/6']);
    expect(cards[0]!.textContent).toContain('Thursday Club');
    expect(cards[0]!.textContent).toContain('3 members');
    expect(within(cards[0]!).getByText('2.')).toBeTruthy();
    expect(within(cards[1]!).getByText('–')).toBeTruthy();
    expect(within(cards[1]!).getByText('1 member')).toBeTruthy();
  });

  it('creates a group with its emoji and lands in it', async () => {
    serve(createGroup, () => ({ id: 42 }));
    renderGroups();
    await screen.findByText('No groups yet');
    fireEvent.change(screen.getByLabelText('Emoji'), { target: { value: ' 🍻 ' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Stammtisch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('landed on /groups/42')).toBeTruthy();
    expect(bodiesSent(createGroup)).toEqual([{ name: 'Stammtisch', emoji: '🍻' }]);
  });

  it('sends no emoji when none is typed, and shows the refusal without leaving', async () => {
    serve(createGroup, () => refusal(createGroup, 400, { error: 'Name is too short' }));
    renderGroups();
    await screen.findByText('No groups yet');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name is too short');
    expect(bodiesSent(createGroup)).toEqual([{ name: 'Abc' }]);
    expect(screen.queryByText(/landed on/)).toBeNull();
  });

  it('opens a pasted invite link on its link page', async () => {
    renderGroups();
    await screen.findByText('No groups yet');
    fireEvent.change(screen.getByLabelText('Paste an invite link'), {
      target: { value: `  https://beer.example/groups/join/${TOKEN}  ` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open link' }));
    expect(await screen.findByText(`landed on /groups/join/${TOKEN}`)).toBeTruthy();
  });

  it('opens a pasted claim link on its link page', async () => {
    renderGroups();
    await screen.findByText('No groups yet');
    fireEvent.change(screen.getByLabelText('Paste an invite link'), {
      target: { value: `/groups/claim/${TOKEN}` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open link' }));
    expect(await screen.findByText(`landed on /groups/claim/${TOKEN}`)).toBeTruthy();
  });

  it('says a pasted text is no group link, and stays until it is changed', async () => {
    renderGroups();
    await screen.findByText('No groups yet');
    const field = screen.getByLabelText('Paste an invite link');
    // A token one character short is no link.
    fireEvent.change(field, { target: { value: `/groups/join/${TOKEN.slice(1)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Open link' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'This link is not valid or has already been used',
    );
    expect(screen.queryByText(/landed on/)).toBeNull();
    fireEvent.change(field, { target: { value: 'x' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
