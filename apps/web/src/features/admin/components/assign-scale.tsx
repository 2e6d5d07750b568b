import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../lib/api-client';
import { useAdminScaleAction } from '../api/admin-scales';
import { useAdminUserSearch } from '../api/admin-user-search';

/** Picks an owner by name and assigns (and approves) the scale to them. */
export function AssignScale({ mac, suggested }: { mac: string; suggested: string }) {
  const [text, setText] = useState(suggested);
  const users = useAdminUserSearch(text);
  const action = useAdminScaleAction();
  return (
    <div className="space-y-2">
      <label className="field-label" htmlFor={`assign-${mac}`}>
        Assign {mac} to
      </label>
      <input
        id={`assign-${mac}`}
        className="field-input"
        placeholder="Username or player name"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <ul className="space-y-1">
        {(users.data ?? []).map((u) => (
          <li
            key={u.id}
            className="flex items-center justify-between gap-2 rounded-lg bg-malt-800/60 px-3 py-2"
          >
            <span>
              <span className="font-semibold">{u.playerName}</span>{' '}
              <span className="text-sm text-foam-400">{u.username}</span>
            </span>
            <button
              type="button"
              className="btn-primary min-h-9 px-3 text-sm"
              disabled={action.isPending}
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
    </div>
  );
}
