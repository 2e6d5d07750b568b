import { t } from './use-t';

/** The name the server gives every fast game (a fast game is set up without one). */
export const FAST_GAME_NAME = 'Fast Game';

/** A game's name for the reader: the server's stock fast-game name in the reader's language. */
export function gameName(name: string): string {
  return name === FAST_GAME_NAME ? t('game.fastName') : name;
}
