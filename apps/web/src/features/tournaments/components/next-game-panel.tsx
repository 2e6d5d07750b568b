import { Play, Radio } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  nextTournamentGameBodySchema,
  type TournamentReply,
} from '@beerscale/contract/tournaments';
import { FormError } from '../../../components/form-error';
import { ScaleMacField } from '../../../components/scale-mac-field';
import { errorMessage } from '../../../lib/api-client';
import { useOwnScales, usePrefilledMac } from '../../../lib/own-scales';
import { refusalText } from '../../../lib/refusal-text';
import { useT } from '../../../i18n/use-t';
import { useNextTournamentGame } from '../api/next-tournament-game';
import { gameLabel } from './labels';

/**
 * "Next game": the next scheduled game, who plays it, and the scale to set it up on (one of the
 * reader's own scales, or a typed address). Its leader then starts it from /live as usual.
 */
export function NextGamePanel({
  reply,
  onSetUp,
}: {
  reply: TournamentReply;
  /** The game was set up (the page says so: this panel goes once no game is ready). */
  onSetUp: (gameId: number) => void;
}) {
  const { t } = useT();
  const [mac, setMac] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ownScales = useOwnScales();
  usePrefilledMac(mac, setMac, ownScales.data, true);
  const next = useNextTournamentGame(reply.id);
  const game = reply.next === null ? null : (reply.schedule[reply.next] ?? null);
  // Scales already holding one of the night's games are not offered again.
  const busy = new Set(
    reply.schedule
      .filter((g) => g.status === 'configured' || g.status === 'active')
      .map((g) => g.scaleAddress),
  );
  const scales = (ownScales.data ?? []).filter((s) => !busy.has(s.mac_address));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = nextTournamentGameBodySchema.safeParse({ scaleAddress: mac });
    if (!parsed.success) {
      setError(refusalText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    next.mutate(parsed.data.scaleAddress, {
      onSuccess: ({ gameId }) => {
        setMac('');
        onSetUp(gameId);
      },
      onError: (err) => setError(errorMessage(err, t('tournaments.nextFailed'))),
    });
  }

  return (
    <section className="card space-y-4" aria-labelledby="tournament-next">
      <h2 id="tournament-next" className="text-xl font-black">
        {t('tournaments.next')}
      </h2>
      {game ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <p>
            <span className="font-bold">{gameLabel(game)}</span>
            <span className="block text-foam-200 wrap-anywhere">
              {game.players.map((p) => p.name).join(' · ')}
            </span>
          </p>
          <FormError message={error} />
          <ScaleMacField
            id="tournament-mac"
            value={mac}
            onChange={setMac}
            readOnly={false}
            scales={scales}
          />
          <p className="text-sm text-foam-300">{t('tournaments.leaderHint')}</p>
          <button type="submit" className="btn-primary w-full" disabled={next.isPending}>
            <Play className="size-4" aria-hidden />
            {t('tournaments.setUpNext')}
          </button>
        </form>
      ) : (
        <p className="text-foam-200">{t('tournaments.nothingReady')}</p>
      )}
    </section>
  );
}

/** Said once a game was set up: its leader starts it from /live (perhaps the reader). */
export function SetUpNotice() {
  const { t } = useT();
  return (
    <div role="status" className="banner-success flex flex-wrap items-center gap-3">
      <span>{t('tournaments.setUpDone')}</span>
      <Link to="/live" className="link inline-flex items-center gap-1">
        <Radio className="size-4" aria-hidden />
        {t('tournaments.openLive')}
      </Link>
    </div>
  );
}
