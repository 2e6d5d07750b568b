import { afterAll, describe, expect, it } from 'vitest';
import { DELETED_PLAYER_NAME } from '@beerscale/contract/account-messages';
import { activate } from './i18n';
import { playerName } from './player-name';

describe('playerName', () => {
  afterAll(() => activate('en'));

  it('says a deleted player in the reader language, and leaves every other name as it is', async () => {
    await activate('de');
    expect(playerName({ playerName: DELETED_PLAYER_NAME, userId: null })).toBe(
      'Gelöschter Spieler',
    );
    expect(playerName({ playerName: 'Anna', userId: 3 })).toBe('Anna');
    // A player who named themselves so keeps their name: only an account that is gone is.
    expect(playerName({ playerName: DELETED_PLAYER_NAME, userId: 3 })).toBe(DELETED_PLAYER_NAME);
    await activate('en');
    expect(playerName({ playerName: DELETED_PLAYER_NAME, userId: null })).toBe('Deleted player');
  });
});
