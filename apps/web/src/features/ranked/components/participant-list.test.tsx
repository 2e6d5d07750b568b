import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Participant } from '@beerscale/contract/games';
import { activate } from '../../../i18n/i18n';
import { FakeSocket, sessionWrapper, TEST_USER } from '../../../testing/fake-session';
import { ParticipantList } from './participant-list';

// The turn order's drag and drop as a screen reader hears it: in the reader's language, never
// @dnd-kit's English.

const participants: Participant[] = [
  {
    id: TEST_USER.id,
    playerName: TEST_USER.playerName,
    currentElo: 1200,
    isLeader: true,
    position: 0,
  },
  { id: 8, playerName: 'Bärbel', currentElo: 1210, isLeader: false, position: 1 },
];

afterEach(async () => {
  cleanup();
  await activate('en');
});

describe('ParticipantList for screen readers', () => {
  it('gives the drag instructions in German', async () => {
    await activate('de');
    render(
      <ParticipantList gameId={3} participants={participants} can={{ reorder: true, kick: [] }} />,
      {
        wrapper: sessionWrapper(new FakeSocket()),
      },
    );
    expect(screen.getByText(/Um einen Spieler zu verschieben/)).toBeTruthy();
    expect(screen.queryByText(/To pick up a draggable item/)).toBeNull();
  });
});
