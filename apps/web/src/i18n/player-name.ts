import { DELETED_PLAYER_NAME } from '@beerscale/contract/account-messages';
import { t } from './use-t';

/**
 * A game player's name for the reader: a player whose account was deleted has no name and no
 * account left, and the server calls them "Deleted player", which is said in the reader's
 * language (a guest of a fast game has a name of its own but no account either).
 */
export function playerName(player: { playerName: string; userId: number | null }): string {
  return player.userId === null && player.playerName === DELETED_PLAYER_NAME
    ? t('game.deletedPlayer')
    : player.playerName;
}
