import type { GameState } from '@beerscale/contract/game-state';
import type { RatingReason } from '@beerscale/contract/rating';
import { useT, type TextKey } from '../../../i18n/use-t';

const REASONS: Record<RatingReason, TextKey> = {
  typed: 'rating.reason.typed',
  'finished-early': 'rating.reason.finishedEarly',
  'pair-limit': 'rating.reason.pairLimit',
  cancelled: 'rating.reason.cancelled',
  voided: 'rating.reason.voided',
};

/** Whether a ranked game moved ratings and, in words, why not (or not for every pair). */
export function RatingNote({ game }: { game: GameState }) {
  const { t } = useT();
  const rating = game.rating;
  if (!rating) return null;
  if (rating.status === 'rated' && rating.reasons.length === 0) return null;
  const heading = rating.status === 'unrated' ? t('rating.unrated') : t('rating.ratedPartly');
  return (
    <div role="note" className="mb-4 rounded-xl bg-malt-800 px-3 py-2 text-center text-sm">
      <p className="font-semibold">{heading}</p>
      {rating.reasons.map((reason) => (
        <p key={reason} className="mt-1 text-foam-200">
          {t(REASONS[reason])}
        </p>
      ))}
    </div>
  );
}
