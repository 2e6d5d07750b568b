import { toast } from 'react-toastify';
import { Flag } from 'lucide-react';
import type { AdminReportedGame } from '@beerscale/contract/rating';
import { QueryState } from '../../../components/query-state';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAdminReports, useVoidGame } from '../api/admin-reports';
import { formatDateTime } from '../../../i18n/format';
import { gameName } from '../../../i18n/game-name';
import { useT } from '../../../i18n/use-t';

/** Ranked games their players reported: the reports, and Void game for an administrator. */
export function ReportedGames() {
  const reports = useAdminReports();
  const { t } = useT();
  // Not an administrator: the scales' list below says so once.
  if (reports.error instanceof ApiError && reports.error.status === 403) return null;
  return (
    <section className="mb-6 space-y-3" aria-labelledby="reports-title">
      <h2 id="reports-title" className="text-lg font-bold">
        {t('admin.reportsTitle')}
      </h2>
      <QueryState
        query={reports}
        errorText={t('admin.reportsFailed')}
        skeleton={<div className="card h-24 animate-pulse" />}
      >
        {(games) =>
          games.length === 0 ? (
            <p className="text-sm text-foam-400">{t('admin.reportsEmpty')}</p>
          ) : (
            <ul className="space-y-3">
              {games.map((game) => (
                <ReportedGame key={game.gameId} game={game} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function ReportedGame({ game }: { game: AdminReportedGame }) {
  const { t } = useT();
  const voiding = useVoidGame();
  const name = gameName(game.gameName);
  return (
    <li className="card space-y-2" aria-label={name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-bold wrap-anywhere">
          {name} <span className="font-normal text-foam-400">#{game.gameId}</span>
        </span>
        {game.voidedAt ? (
          <span className="rounded bg-red-500/20 px-2 py-1 text-sm font-semibold text-red-200">
            {t('admin.voidedAt', { date: formatDateTime(game.voidedAt) })}
          </span>
        ) : (
          <button
            type="button"
            className="btn-danger min-h-11"
            disabled={voiding.isPending}
            onClick={() =>
              voiding
                .mutateAsync(game.gameId)
                .then(() => toast.success(t('admin.voidedToast', { name })))
                .catch((err: unknown) => toast.error(errorMessage(err, t('admin.voidFailed'))))
            }
          >
            {t('admin.void')}
          </button>
        )}
      </div>
      <ul className="space-y-2 text-sm">
        {game.reports.map((report) => (
          <li key={report.userId} className="flex gap-2">
            <Flag className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden />
            <span className="min-w-0">
              <span className="block wrap-anywhere">{report.reason}</span>
              <span className="text-foam-400">
                {t('admin.reportBy', {
                  name: report.playerName,
                  date: formatDateTime(report.createdAt),
                })}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}
