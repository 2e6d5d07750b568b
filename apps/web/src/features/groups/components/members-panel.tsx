import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { GroupDetail, GroupMember } from '@beerscale/contract/groups';
import { errorMessage } from '../../../lib/api-client';
import { useT, type TextKey } from '../../../i18n/use-t';
import { useAddGroupGuest } from '../api/add-group-guest';
import { useGroupClaimLink } from '../api/group-claim-link';
import { useHandOverCaptain } from '../api/hand-over-captain';
import { useRemoveGroupMember } from '../api/remove-group-member';
import { LinkBox } from './link-box';

const ROLE_TEXT: Record<GroupMember['role'], TextKey> = {
  captain: 'groups.role.captain',
  member: 'groups.role.member',
  guest: 'groups.role.guest',
};
const ROLE_STYLE: Record<GroupMember['role'], string> = {
  captain: 'bg-amber-400 text-malt-950',
  member: 'bg-malt-700 text-foam-100',
  guest: 'border border-malt-600 text-foam-300',
};

/** The role as a small badge. */
export function RoleBadge({ role }: { role: GroupMember['role'] }) {
  const { t } = useT();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${ROLE_STYLE[role]}`}>
      {t(ROLE_TEXT[role])}
    </span>
  );
}

/**
 * Members with their roles; what the caller may do comes from the reply's `can` (the captain
 * removes, hands over, makes a guest's claim link), adding a guest from `can.addGuest`.
 */
export function MembersPanel({ group }: { group: GroupDetail }) {
  const { t } = useT();
  const remove = useRemoveGroupMember(group.id);
  const handOver = useHandOverCaptain(group.id);
  const claimLink = useGroupClaimLink(group.id);
  const [claimFor, setClaimFor] = useState<number | null>(null);
  const failed = [remove, handOver, claimLink].find((m) => m.isError);
  return (
    <section className="card" aria-labelledby="group-members-title">
      <h2 id="group-members-title" className="text-xl font-black">
        {t('groups.members')}
      </h2>
      <ul className="mt-3 divide-y divide-malt-800">
        {group.members.map((member) => (
          <li key={member.memberId} className="py-2.5">
            <div className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 truncate font-semibold">{member.name}</span>
              <RoleBadge role={member.role} />
            </div>
            <div className="mt-1.5 flex flex-wrap gap-2 empty:hidden">
              {group.can.claimLink && member.role === 'guest' && (
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5 text-sm"
                  disabled={claimLink.isPending}
                  onClick={() =>
                    claimLink.mutate(member.memberId, {
                      onSuccess: () => setClaimFor(member.memberId),
                    })
                  }
                >
                  {t('groups.claimLink')}
                </button>
              )}
              {group.can.handOver && member.role === 'member' && (
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5 text-sm"
                  disabled={handOver.isPending}
                  onClick={() => {
                    if (window.confirm(t('groups.handOverConfirm', { name: member.name }))) {
                      handOver.mutate(member.memberId);
                    }
                  }}
                >
                  {t('groups.handOver')}
                </button>
              )}
              {group.can.remove && member.role !== 'captain' && (
                <button
                  type="button"
                  className="btn-danger px-3 py-1.5 text-sm"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(t('groups.removeConfirm', { name: member.name }))) {
                      remove.mutate(member.memberId);
                    }
                  }}
                >
                  {t('groups.remove')}
                </button>
              )}
            </div>
            {claimFor === member.memberId && claimLink.data && (
              <div className="mt-2">
                <p className="text-sm text-foam-200">
                  {t('groups.claimLinkHint', { name: member.name })}
                </p>
                <LinkBox
                  url={claimLink.data.url}
                  qrTitle={t('groups.claimLink')}
                  testId="claim-link"
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="banner-error mt-3">
          {errorMessage(failed.error, t('groups.actionFailed'))}
        </p>
      )}
      {group.can.addGuest && <AddGuest groupId={group.id} />}
      {group.role !== 'captain' && <LeaveButton group={group} />}
    </section>
  );
}

function AddGuest({ groupId }: { groupId: number }) {
  const { t } = useT();
  const [name, setName] = useState('');
  const add = useAddGroupGuest(groupId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name, { onSuccess: () => setName('') });
  };
  return (
    <form className="mt-4 border-t border-malt-800 pt-4" onSubmit={submit}>
      <label className="field-label" htmlFor="group-guest-name">
        {t('groups.addGuest')}
      </label>
      <p className="mb-2 text-sm text-foam-400">{t('groups.addGuestHint')}</p>
      <div className="flex gap-2">
        <input
          id="group-guest-name"
          className="field-input min-w-0 flex-1"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
        />
        <button type="submit" className="btn-primary shrink-0" disabled={add.isPending}>
          {t('groups.add')}
        </button>
      </div>
      {add.isError && (
        <p role="alert" className="banner-error mt-2">
          {errorMessage(add.error, t('groups.actionFailed'))}
        </p>
      )}
    </form>
  );
}

/** A member leaves (the captain hands over first); the group is then gone from their list. */
function LeaveButton({ group }: { group: GroupDetail }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const leave = useRemoveGroupMember(group.id);
  return (
    <div className="mt-4">
      <button
        type="button"
        className="btn-secondary text-sm"
        disabled={leave.isPending}
        onClick={() => {
          if (!window.confirm(t('groups.leaveConfirm'))) return;
          leave.mutate(group.memberId, { onSuccess: () => navigate('/groups', { replace: true }) });
        }}
      >
        {t('groups.leave')}
      </button>
      {leave.isError && (
        <p role="alert" className="banner-error mt-2">
          {errorMessage(leave.error, t('groups.actionFailed'))}
        </p>
      )}
    </div>
  );
}
