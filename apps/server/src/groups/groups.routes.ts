import {
  addGroupGuest,
  claimGroupGuest,
  createGroup,
  groupCard,
  groupClaimLink,
  groupDetail,
  groupExport,
  groupGames,
  groupHeadToHead,
  groupInviteLink,
  groupLeaderboard,
  groupLinkInfo,
  groupPublicLink,
  groupRecords,
  handOverCaptain,
  joinGroup,
  myGroups,
  newGroupSeason,
  publicGroup,
  removeGroupMember,
  revokeGroupPublicLink,
} from '@beerscale/contract/api/groups';
import type { TableCard } from '../cards/table-card';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { GroupsService } from './groups.service';

/** Thin: every rule is in groups.service.ts and group-policy.ts. */
/** Draws a table card for an address (cards/card.service.ts forTable). */
export type DrawTable = (card: TableCard, address: string) => Promise<Buffer>;

export function registerGroupsRoutes(
  routes: EndpointRoutes,
  groups: GroupsService,
  drawTable: DrawTable,
): void {
  routes.add(createGroup, async ({ body, me }) => ({ id: await groups.create(body, me) }));
  routes.add(myGroups, async ({ me }) => groups.mine(me));
  routes.add(groupDetail, async ({ params, me }) => groups.detail(params.id, me));
  routes.add(groupInviteLink, async ({ params, me }) => groups.inviteLink(params.id, me));
  routes.add(groupLinkInfo, async ({ params }) => groups.linkInfo(params.token));
  routes.add(joinGroup, async ({ body, me }) => groups.join(body.token, me));
  routes.add(addGroupGuest, async ({ params, body, me }) => ({
    memberId: await groups.addGuest(params.id, body.name, me),
  }));
  routes.add(groupClaimLink, async ({ params, me }) =>
    groups.claimLink(params.id, params.memberId, me),
  );
  routes.add(claimGroupGuest, async ({ body, me }) => groups.claim(body.token, me));
  routes.add(removeGroupMember, async ({ params, me }) => {
    await groups.remove(params.id, params.memberId, me);
    return { message: 'Removed from the group' };
  });
  routes.add(handOverCaptain, async ({ params, body, me }) => {
    await groups.handOver(params.id, body.memberId, me);
    return { message: 'The captain role was handed over' };
  });
  routes.add(newGroupSeason, async ({ params, body, me }) => ({
    season: await groups.newSeason(params.id, body.name, me),
  }));
  routes.add(
    groupLeaderboard,
    async ({ params, query, me, request, reply }) =>
      (await groups.leaderboardBytes(params.id, query.season, me)).send(request, reply),
    {
      fromMemory: ({ params, query, me }) =>
        groups.leaderboardBytesAtHand(params.id, query.season, me),
    },
  );
  routes.add(groupRecords, async ({ params, me }) => groups.records(params.id, me));
  routes.add(groupHeadToHead, async ({ params, query, me }) =>
    groups.headToHead(params.id, query.a, query.b, me),
  );
  routes.add(groupGames, async ({ params, me }) => groups.games(params.id, me));
  routes.add(
    groupExport,
    async ({ params, me, reply }) => {
      const csv = await groups.exportCsv(params.id, me);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="beerscale-group-${params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
    { compressible: true },
  );
  routes.add(groupPublicLink, async ({ params, me }) => groups.publicLink(params.id, me));
  routes.add(revokeGroupPublicLink, async ({ params, me }) => {
    await groups.revokePublicLink(params.id, me);
    return { message: 'The public link is off' };
  });
  routes.add(publicGroup, async ({ params }) => groups.publicGroup(params.token));
  routes.add(groupCard, async ({ params, query, me, request, reply }) => {
    const card = await groups.card(params.id, query.season, query.lang ?? 'en', me);
    const png = await drawTable(card, request.ip);
    return reply.type('image/png').header('cache-control', 'private, no-cache').send(png);
  });
}
