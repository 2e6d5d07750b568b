import type { AnswerInviteBody } from '@beerscale/contract/games';
import { answerInvite } from '@beerscale/contract/api/invites';
import { call } from '../../../lib/api-client';

/** PUT /api/games/invites/{inviteId}: accept or decline. */
export function answerInvitation(invitationId: number, status: AnswerInviteBody['status']) {
  return call(answerInvite, { params: { inviteId: invitationId }, body: { status } });
}
