import { LogOut, MonitorSmartphone } from 'lucide-react';
import { toast } from 'react-toastify';
import type { AccountSession } from '@beerscale/contract/account';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/account';

/** The server's "Firefox 132 on Linux" (or "Unknown device") in the reader's language. */
function useDeviceName() {
  const { t } = useT();
  return (label: string) => {
    if (label === 'Unknown device') return t('account.unknownDevice');
    const [browser, system] = label.split(' on ');
    return system ? t('account.deviceOn', { browser: browser ?? '', system }) : label;
  };
}

/** "Signed-in devices": every live session, this one marked; the others can be signed out. */
export function SignedInDevices() {
  const { t } = useT();
  const sessions = useSessions();
  return (
    <section className="card space-y-3" aria-labelledby="devices-title">
      <div>
        <h2 id="devices-title" className="text-lg font-bold">
          {t('account.devicesTitle')}
        </h2>
        <p className="text-sm text-foam-400">{t('account.devicesHint')}</p>
      </div>
      <QueryState
        query={sessions}
        errorText={t('account.devicesFailed')}
        skeleton={<div className="h-24 animate-pulse rounded-xl bg-malt-800/60" />}
      >
        {(list) => <DeviceList sessions={list} />}
      </QueryState>
    </section>
  );
}

function DeviceList({ sessions }: { sessions: AccountSession[] }) {
  const { t } = useT();
  const deviceName = useDeviceName();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <>
      <ul className="space-y-2">
        {sessions.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-malt-800/60 px-3 py-2"
          >
            <span className="flex min-w-0 items-start gap-2">
              <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-amber-400" aria-hidden />
              <span className="min-w-0">
                <span className="block font-semibold wrap-anywhere">
                  {deviceName(s.userAgent)}
                  {s.current && (
                    <span className="ml-2 rounded bg-hop-400/20 px-1.5 py-0.5 text-xs text-hop-400">
                      {t('account.thisDevice')}
                    </span>
                  )}
                </span>
                <span className="block text-xs text-foam-400">
                  {t('account.signedInAt', { date: formatDateTime(s.createdAt) })} ·{' '}
                  {t('account.lastActive', { date: formatDateTime(s.lastSeenAt) })}
                </span>
              </span>
            </span>
            {!s.current && (
              <button
                type="button"
                className="btn-secondary min-h-11 px-3 text-sm"
                disabled={endOne.isPending}
                aria-label={t('account.endSessionNamed', { device: deviceName(s.userAgent) })}
                onClick={() =>
                  endOne.mutate(s.id, {
                    onSuccess: () => toast.success(t('account.sessionEnded')),
                    onError: (err) => toast.error(errorMessage(err, t('account.devicesFailed'))),
                  })
                }
              >
                <LogOut className="size-4" aria-hidden /> {t('account.endSession')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <button
          type="button"
          className="btn-secondary w-full"
          disabled={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: () => toast.success(t('account.othersEnded', { count: others })),
              onError: (err) => toast.error(errorMessage(err, t('account.devicesFailed'))),
            })
          }
        >
          {t('account.endOthers')}
        </button>
      )}
    </>
  );
}
