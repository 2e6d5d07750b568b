import type { AnswerInviteBody } from '@beerscale/contract/games';
import { api } from '../../../lib/api-client';

/** PUT /api/games/invites/{inviteId}: accept or decline. */
export function answerInvitation(invitationId: number, status: AnswerInviteBody['status']) {
  return api('PUT', `/api/games/invites/${invitationId}`, { body: { status } });
}
