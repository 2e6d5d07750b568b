import {
  answerInvite,
  cancelInvite,
  invitePlayer,
  myInvites,
  pendingInvites,
} from '@beerscale/contract/api/invites';
import type { EndpointRoutes } from '../../http/register-endpoint';
import type { InvitesService } from './invites.service';

/** Invitations of the ranked lobby, plus the lists a reloaded page needs. */
export function registerInvitesRoutes(routes: EndpointRoutes, invites: InvitesService): void {
  routes.add(myInvites, async ({ me }) => invites.mine(me));
  routes.add(answerInvite, async ({ params, body: { status }, me }) => {
    const gameId = await invites.answer(params.inviteId, status, me);
    return status === 'accepted' ? { status, gameId } : { status };
  });
  routes.add(pendingInvites, async ({ params, me }) => invites.pending(params.id, me));
  routes.add(invitePlayer, async ({ params, body, me }) => ({
    id: await invites.invite(params.id, body.playerId, me),
  }));
  routes.add(cancelInvite, async ({ params, me }) => {
    await invites.cancel(params.id, params.inviteId, me);
    return { message: 'Invitation cancelled' };
  });
}
