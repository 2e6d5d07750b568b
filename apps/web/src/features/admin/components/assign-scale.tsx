import { useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminUser } from '@beerscale/contract/admin';
import { errorMessage } from '../../../lib/api-client';
import { useAdminScaleAction } from '../api/admin-scales';
import { useAdminUserSearch } from '../api/admin-user-search';

/**
 * Picks an owner and assigns (and approves) the scale to them: any account that registered
 * with the address, or anyone found by name (the first to type an address is not necessarily
 * its owner, so none is preselected).
 */
export function AssignScale({ mac, registrants }: { mac: string; registrants: AdminUser[] }) {
  const [text, setText] = useState('');
  const users = useAdminUserSearch(text);
  const found = (users.data ?? []).filter((u) => !registrants.some((r) => r.id === u.id));
  return (
    <div className="space-y-2">
      {registrants.length > 0 && (
        <>
          <p className="field-label">Registered with this address</p>
          <CandidateList mac={mac} users={registrants} />
        </>
      )}
      <label className="field-label" htmlFor={`assign-${mac}`}>
        Assign {mac} to someone else
      </label>
      <input
        id={`assign-${mac}`}
        className="field-input"
        placeholder="Username or player name"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <CandidateList mac={mac} users={found} />
    </div>
  );
}

function CandidateList({ mac, users }: { mac: string; users: AdminUser[] }) {
  const action = useAdminScaleAction();
  return (
    <ul className="space-y-1" aria-label={`Candidates for ${mac}`}>
      {users.map((u) => (
        <li
          key={u.id}
          className="flex items-center justify-between gap-2 rounded-lg bg-malt-800/60 px-3 py-2"
        >
          <span className="min-w-0 break-words">
            <span className="font-semibold">{u.playerName}</span>{' '}
            <span className="text-sm text-foam-400">{u.username}</span>
          </span>
          <button
            type="button"
            className="btn-primary min-h-9 shrink-0 px-3 text-sm"
            disabled={action.isPending}
            aria-label={`Assign ${mac} to ${u.playerName} (${u.username})`}
            onClick={() =>
              action.mutate(
                { mac, action: 'assign', userId: u.id },
                {
                  onSuccess: () => toast.success(`${mac} assigned to ${u.playerName}`),
                  onError: (err) => toast.error(errorMessage(err, 'Failed to assign the scale')),
                },
              )
            }
          >
            Assign
          </button>
        </li>
      ))}
    </ul>
  );
}
