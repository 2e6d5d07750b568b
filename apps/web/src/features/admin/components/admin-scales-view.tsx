import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import type { AdminScale } from '@beerscale/contract/admin';
import { useAdminScaleAction, useAdminScales } from '../api/admin-scales';
import { AssignScale } from './assign-scale';

export function AdminScalesView() {
  const scales = useAdminScales();
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
  if (scales.data.length === 0)
    return <p className="card text-foam-200">No scales registered yet.</p>;

  const run = (scale: AdminScale, kind: 'unassign' | 'reset-key', done: string) =>
    action.mutate(
      { mac: scale.mac, action: kind },
      {
        onSuccess: () => toast.success(done),
        onError: (err) => toast.error(errorMessage(err, 'Action failed')),
      },
    );

  return (
    <ul className="space-y-3">
      {scales.data.map((scale) => (
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
            <dt className="text-foam-400">Requested by</dt>
            <dd>
              {scale.requestedBy
                ? `${scale.requestedBy.playerName} (${scale.requestedBy.username})`
                : '–'}
            </dd>
            <dt className="text-foam-400">Owner</dt>
            <dd>{scale.owner ? `${scale.owner.playerName} (${scale.owner.username})` : '–'}</dd>
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
            <AssignScale mac={scale.mac} suggested={scale.requestedBy?.username ?? ''} />
          )}
        </li>
      ))}
    </ul>
  );
}
