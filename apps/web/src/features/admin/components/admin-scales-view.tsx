import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { ADMIN_SCALES_PAGE, type AdminScale } from '@beerscale/contract/admin';
import { useAdminScaleAction, useAdminScales } from '../api/admin-scales';
import { AssignScale } from './assign-scale';
import { ScalePager } from './scale-pager';

/** A name and its username; on phones the username (often an e-mail address) gets its line. */
function Account({ account }: { account: { playerName: string; username: string } }) {
  return (
    <>
      {account.playerName}{' '}
      <span className="block break-all text-foam-400 sm:inline">({account.username})</span>
    </>
  );
}

export function AdminScalesView() {
  const [offset, setOffset] = useState(0);
  const scales = useAdminScales(offset);
  const [assigning, setAssigning] = useState<string | null>(null);
  const action = useAdminScaleAction();

  if (scales.isPending) return <div className="card h-48 animate-pulse" aria-label="Loading" />;
  if (scales.error instanceof ApiError && scales.error.status === 403) {
    return (
      <p role="alert" className="banner-error">
        Administrators only.
      </p>
    );
  }
  if (scales.isError)
    return (
      <p role="alert" className="banner-error">
        {errorMessage(scales.error, 'Failed to fetch scales')}
      </p>
    );
  const page = scales.data;
  if (page.total === 0) return <p className="card text-foam-200">No scales registered yet.</p>;
  const pager = (
    <ScalePager
      offset={page.offset}
      shown={page.scales.length}
      total={page.total}
      pageSize={ADMIN_SCALES_PAGE.screen}
      busy={scales.isPlaceholderData}
      onOffset={(next) => {
        setAssigning(null);
        setOffset(next);
      }}
    />
  );

  const run = (scale: AdminScale, kind: 'unassign' | 'reset-key', done: string) =>
    action.mutate(
      { mac: scale.mac, action: kind },
      {
        onSuccess: () => toast.success(done),
        onError: (err) => toast.error(errorMessage(err, 'Action failed')),
      },
    );

  return (
    <div className="space-y-3">
      {pager}
      <ul className="space-y-3">
        {page.scales.map((scale) => (
          <li key={scale.mac} className="card space-y-3" aria-label={`Scale ${scale.mac}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono text-lg font-bold">{scale.mac}</span>
              <span className="flex items-center gap-2 text-sm">
                <span
                  className={`size-2.5 rounded-full ${scale.connected ? 'bg-hop-400' : 'bg-red-400'}`}
                  aria-hidden
                />
                {scale.connected ? 'Connected' : 'Offline'}
              </span>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <dt className="text-foam-400">Registered by</dt>
              <dd>
                {scale.registrants.length === 0 ? (
                  '–'
                ) : (
                  <ul aria-label={`Accounts that registered ${scale.mac}`}>
                    {scale.registrants.map((r) => (
                      <li key={r.id}>
                        <Account account={r} />
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt className="text-foam-400">Owner</dt>
              <dd>{scale.owner ? <Account account={scale.owner} /> : '–'}</dd>
              <dt className="text-foam-400">Approved</dt>
              <dd>{scale.approved ? 'Yes' : 'No'}</dd>
              <dt className="text-foam-400">Last seen</dt>
              <dd>{scale.lastSeenAt ? new Date(scale.lastSeenAt).toLocaleString() : 'Never'}</dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-secondary min-h-10 text-sm"
                aria-expanded={assigning === scale.mac}
                onClick={() => setAssigning(assigning === scale.mac ? null : scale.mac)}
              >
                {assigning === scale.mac ? 'Close' : scale.owner ? 'Reassign' : 'Assign'}
              </button>
              {scale.owner && (
                <button
                  type="button"
                  className="btn-secondary min-h-10 text-sm"
                  onClick={() => run(scale, 'unassign', `${scale.mac} unassigned`)}
                >
                  Unassign
                </button>
              )}
              <button
                type="button"
                className="btn-danger min-h-10 text-sm"
                onClick={() => run(scale, 'reset-key', `Pairing key of ${scale.mac} reset`)}
              >
                Reset key
              </button>
            </div>
            {assigning === scale.mac && (
              <AssignScale mac={scale.mac} registrants={scale.registrants} />
            )}
          </li>
        ))}
      </ul>
      {pager}
    </div>
  );
}
