import { Share2 } from 'lucide-react';
import { useT } from '../../../i18n/use-t';
import { useShareTournamentCard } from '../api/tournament-card';

/** "Share the standings": the tournament's card, shared on a phone, else saved (and said so). */
export function ShareStandingsButton({ id, name }: { id: number; name: string }) {
  const { t, language } = useT();
  const share = useShareTournamentCard(id, language);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn-secondary"
        disabled={share.isPending}
        aria-busy={share.isPending}
        onClick={() => share.mutate(name)}
      >
        <Share2 className="size-4" aria-hidden />
        {t('tournaments.shareStandings')}
      </button>
      {share.data === 'saved' && (
        <span role="status" className="text-sm text-foam-200">
          {t('tournaments.shareStandingsSaved')}
        </span>
      )}
      {share.isError && (
        <span role="alert" className="text-sm text-red-300">
          {t('tournaments.shareStandingsFailed')}
        </span>
      )}
    </div>
  );
}
