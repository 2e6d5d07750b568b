import { GROUP_REFUSALS } from '@beerscale/contract/group-messages';
import { ERRORS } from '@beerscale/contract/messages';
import type { GroupDetail } from '@beerscale/contract/groups';
import { ALLOWED, type Refusal, type Verdict } from '../game/game-policy';
import type { MemberRow } from './groups.repository';

// Who may do what in a group (docs/ARCHITECTURE.md, Rules and their homes): pure predicates over
// the caller's membership as the service loaded it. A group is invisible to anyone who is not a
// member (404, as an unknown id); the captain's calls answer 403 to the other members.

export const GROUP_NOT_FOUND: Refusal = { status: 404, message: `${ERRORS.notFound}: group` };
const CAPTAIN_ONLY: Refusal = { status: 403, message: GROUP_REFUSALS.captainOnly };

export type Membership = MemberRow | undefined;

export function mayRead(me: Membership): Verdict {
  return me ? ALLOWED : GROUP_NOT_FOUND;
}

export function mayCaptain(me: Membership): Verdict {
  if (!me) return GROUP_NOT_FOUND;
  return me.role === 'captain' ? ALLOWED : CAPTAIN_ONLY;
}

/** Members add guests (a friend at the table tonight) and set up the group's games. */
export const mayAddGuest = mayRead;
export const maySetUpGames = mayRead;

/** Removing: the captain removes anyone else; a member removes itself (leaving). */
export function mayRemove(me: Membership, target: MemberRow | undefined): Verdict {
  if (!me || !target || target.leftAt !== null) return GROUP_NOT_FOUND;
  if (target.id === me.id) {
    return me.role === 'captain'
      ? { status: 409, message: GROUP_REFUSALS.captainCannotLeave }
      : ALLOWED;
  }
  return mayCaptain(me);
}

export function mayClaimLinkFor(me: Membership, target: MemberRow | undefined): Verdict {
  const captain = mayCaptain(me);
  if (captain !== ALLOWED) return captain;
  if (!target || target.leftAt !== null) return GROUP_NOT_FOUND;
  return target.role === 'guest' ? ALLOWED : { status: 409, message: GROUP_REFUSALS.notAGuest };
}

export function mayHandOver(me: Membership, target: MemberRow | undefined): Verdict {
  const captain = mayCaptain(me);
  if (captain !== ALLOWED) return captain;
  if (!target || target.leftAt !== null) return GROUP_NOT_FOUND;
  return target.userId !== null && target.id !== me?.id
    ? ALLOWED
    : { status: 409, message: GROUP_REFUSALS.newCaptainMustBeMember };
}

/** The abilities a group's reply carries, from the same predicates the calls enforce. */
export function abilities(me: MemberRow): GroupDetail['can'] {
  const captain = mayCaptain(me) === ALLOWED;
  return {
    invite: captain,
    addGuest: mayAddGuest(me) === ALLOWED,
    claimLink: captain,
    remove: captain,
    newSeason: captain,
    handOver: captain,
    publicLink: captain,
    setUpGames: maySetUpGames(me) === ALLOWED,
  };
}
