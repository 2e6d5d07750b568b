import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import {
  ADMIN_SCALES_PAGE,
  type AdminScale,
  type AdminScalesReply,
} from '@beerscale/contract/admin';
import { QueryState } from '../../../components/query-state';
import { useAdminScaleAction, useAdminScales } from '../api/admin-scales';
import { AssignScale } from './assign-scale';
import { ScalePager } from './scale-pager';
import { formatDateTime } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';

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
  const { t } = useT();

  if (scales.error instanceof ApiError && scales.error.status === 403) {
    return (
      <p role="alert" className="banner-error">
        {t('admin.only')}
      </p>
    );
  }
  return (
    <QueryState
      query={scales}
      errorText={t('admin.fetchFailed')}
      skeleton={<div className="card h-48 animate-pulse" />}
    >
      {(page) => <ScalesPage page={page} turning={scales.isPlaceholderData} onOffset={setOffset} />}
    </QueryState>
  );
}

/** One page of scales; `turning` while the next page loads behind it. */
function ScalesPage({
  page,
  turning,
  onOffset,
}: {
  page: AdminScalesReply;
  turning: boolean;
  onOffset: (offset: number) => void;
}) {
  const [assigning, setAssigning] = useState<string | null>(null);
  const action = useAdminScaleAction();
  const { t } = useT();
  if (page.total === 0) return <p className="card text-foam-200">{t('admin.none')}</p>;
  const pager = (
    <ScalePager
      offset={page.offset}
      shown={page.scales.length}
      total={page.total}
      pageSize={ADMIN_SCALES_PAGE.screen}
      busy={turning}
      onOffset={(next) => {
        setAssigning(null);
        onOffset(next);
      }}
    />
  );

  const run = (scale: AdminScale, kind: 'unassign' | 'reset-key', done: string) =>
    action.mutate(
      { mac: scale.mac, action: kind },
      {
        onSuccess: () => toast.success(done),
        onError: (err) => toast.error(errorMessage(err, t('admin.actionFailed'))),
      },
    );

  return (
    <div className="space-y-3">
      {pager}
      <ul className="space-y-3">
        {page.scales.map((scale) => (
          <li
            key={scale.mac}
            className="card space-y-3"
            aria-label={t('admin.scale', { mac: scale.mac })}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono text-lg font-bold">{scale.mac}</span>
              <span className="flex items-center gap-2 text-sm">
                <span
                  className={`size-2.5 rounded-full ${scale.connected ? 'bg-hop-400' : 'bg-red-400'}`}
                  aria-hidden
                />
                {scale.connected ? t('admin.connected') : t('admin.offline')}
              </span>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <dt className="text-foam-400">{t('admin.scaleName')}</dt>
              <dd className="break-words">{scale.scaleName ?? '–'}</dd>
              <dt className="text-foam-400">{t('admin.device')}</dt>
              <dd className="break-words">
                {[scale.modelName, scale.bridged ? t('admin.bridged') : null]
                  .filter(Boolean)
                  .join(' · ') || '–'}
              </dd>
              <dt className="text-foam-400">{t('admin.registeredBy')}</dt>
              <dd>
                {scale.registrants.length === 0 ? (
                  '–'
                ) : (
                  <ul aria-label={t('admin.registrants', { mac: scale.mac })}>
                    {scale.registrants.map((r) => (
                      <li key={r.id}>
                        <Account account={r} />
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt className="text-foam-400">{t('admin.owner')}</dt>
              <dd>{scale.owner ? <Account account={scale.owner} /> : '–'}</dd>
              <dt className="text-foam-400">{t('admin.approved')}</dt>
              <dd>{scale.approved ? t('admin.yes') : t('admin.no')}</dd>
              <dt className="text-foam-400">{t('admin.lastSeen')}</dt>
              <dd>{scale.lastSeenAt ? formatDateTime(scale.lastSeenAt) : t('admin.never')}</dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-secondary min-h-10 text-sm"
                aria-expanded={assigning === scale.mac}
                onClick={() => setAssigning(assigning === scale.mac ? null : scale.mac)}
              >
                {assigning === scale.mac
                  ? t('admin.close')
                  : scale.owner
                    ? t('admin.reassign')
                    : t('admin.assign')}
              </button>
              {scale.owner && (
                <button
                  type="button"
                  className="btn-secondary min-h-10 text-sm"
                  onClick={() => run(scale, 'unassign', t('admin.unassigned', { mac: scale.mac }))}
                >
                  {t('admin.unassign')}
                </button>
              )}
              <button
                type="button"
                className="btn-danger min-h-10 text-sm"
                onClick={() => run(scale, 'reset-key', t('admin.keyReset', { mac: scale.mac }))}
              >
                {t('admin.resetKey')}
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
