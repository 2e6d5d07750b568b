import { useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminUser } from '@beerscale/contract/admin';
import { errorMessage } from '../../../lib/api-client';
import { useAdminScaleAction } from '../api/admin-scales';
import { useAdminUserSearch } from '../api/admin-user-search';
import { useT } from '../../../i18n/use-t';

/**
 * Picks an owner and assigns (and approves) the scale to them: any account that registered
 * with the address, or anyone found by name (the first to type an address is not necessarily
 * its owner, so none is preselected).
 */
export function AssignScale({ mac, registrants }: { mac: string; registrants: AdminUser[] }) {
  const [text, setText] = useState('');
  const { t } = useT();
  const users = useAdminUserSearch(text);
  const found = (users.data ?? []).filter((u) => !registrants.some((r) => r.id === u.id));
  return (
    <div className="space-y-2">
      {registrants.length > 0 && (
        <>
          <p className="field-label">{t('admin.registeredHere')}</p>
          <CandidateList mac={mac} users={registrants} />
        </>
      )}
      <label className="field-label" htmlFor={`assign-${mac}`}>
        {t('admin.assignOther', { mac })}
      </label>
      <input
        id={`assign-${mac}`}
        className="field-input"
        placeholder={t('admin.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <CandidateList mac={mac} users={found} />
    </div>
  );
}

function CandidateList({ mac, users }: { mac: string; users: AdminUser[] }) {
  const action = useAdminScaleAction();
  const { t } = useT();
  return (
    <ul className="space-y-1" aria-label={t('admin.candidates', { mac })}>
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
            aria-label={t('admin.assignTo', { mac, name: u.playerName, username: u.username })}
            onClick={() =>
              action.mutate(
                { mac, action: 'assign', userId: u.id },
                {
                  onSuccess: () => toast.success(t('admin.assigned', { mac, name: u.playerName })),
                  onError: (err) => toast.error(errorMessage(err, t('admin.assignFailed'))),
                },
              )
            }
          >
            {t('admin.assign')}
          </button>
        </li>
      ))}
    </ul>
  );
}
