import { HttpError } from '../../http/http-error';
import type { BrowserMessageRouter } from '../../realtime/browser-messages';
import type { GamesService } from './games.service';

/**
 * UPDATE_PARTICIPANT_ORDER over the socket: the same rules as every lobby call; a refusal comes
 * back to the sender as an ERROR with the same message a call would get.
 */
export function registerParticipantOrder(router: BrowserMessageRouter, games: GamesService): void {
  router.on('UPDATE_PARTICIPANT_ORDER', async (conn, message) => {
    try {
      await games.reorder(message.gameId, message.participantOrder, conn.userId);
    } catch (err) {
      if (err instanceof HttpError) return err.message;
      throw err;
    }
  });
}
