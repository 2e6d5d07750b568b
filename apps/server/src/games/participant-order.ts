import { HttpError } from '../http/http-error';
import type { BrowserMessageRouter } from '../realtime/browser-messages';
import type { UsersRepository } from '../users/users.repository';
import { toSessionUser } from '../auth/auth.service';
import type { GamesService } from './games.service';

/** UPDATE_PARTICIPANT_ORDER over the socket (SPEC §4): the same rules as every lobby call. */
export function registerParticipantOrder(
  router: BrowserMessageRouter,
  games: GamesService,
  users: UsersRepository,
): void {
  router.on('UPDATE_PARTICIPANT_ORDER', async (conn, message) => {
    const user = await users.findById(conn.userId);
    if (!user) return 'Unknown user';
    try {
      await games.reorder(message.gameId, message.participantOrder, {
        user: toSessionUser(user),
        jti: conn.jti,
      });
    } catch (err) {
      if (err instanceof HttpError) return err.message;
      throw err;
    }
  });
}
