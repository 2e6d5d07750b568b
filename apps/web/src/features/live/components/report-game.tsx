import { useState } from 'react';
import { Flag } from 'lucide-react';
import type { GameState } from '@beerscale/contract/game-state';
import { REPORT_REASON_MAX } from '@beerscale/contract/rating';
import { errorMessage } from '../../../lib/api-client';
import { useReportGame } from '../api/report-game';
import { useT } from '../../../i18n/use-t';

/** Under a completed ranked game's results: any player may report it (the server decides). */
export function ReportGame({ game }: { game: GameState }) {
  const { t } = useT();
  const report = useReportGame(game.id);
  const [reason, setReason] = useState('');
  if (game.mode !== 'ranked' || game.status !== 'completed' || game.voided) return null;
  if (report.isSuccess) {
    return (
      <p role="status" className="mt-4 text-center text-sm text-hop-400">
        {t('report.sent')}
      </p>
    );
  }
  return (
    <details className="mt-4 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-foam-400">
        <Flag className="size-4" aria-hidden />
        {t('report.open')}
      </summary>
      <form
        className="mt-2 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim()) report.mutate(reason.trim());
        }}
      >
        <label className="block">
          <span className="field-label">{t('report.reason')}</span>
          <textarea
            className="field-input min-h-20 w-full"
            value={reason}
            maxLength={REPORT_REASON_MAX}
            required
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <p className="text-xs text-foam-400">{t('report.hint')}</p>
        {report.error && (
          <p role="alert" className="text-red-300">
            {errorMessage(report.error, t('report.failed'))}
          </p>
        )}
        <button type="submit" className="btn-secondary min-h-11" disabled={report.isPending}>
          {t('report.send')}
        </button>
      </form>
    </details>
  );
}
