import { Check, Circle, Settings, Shield } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { toast } from 'react-toastify';
import { PLAYER_NAME_MAX } from '@beerscale/contract/limits';
import { profileBodySchema } from '@beerscale/contract/profile';
import { RATING_RULES } from '@beerscale/contract/rating';
import { errorMessage } from '../../../lib/api-client';
import type { ProfileReply } from '@beerscale/contract/profile';
import { QueryState } from '../../../components/query-state';
import { useProfile, useRename } from '../api/profile';
import { FormError } from '../../../components/form-error';
import { formatElo } from '../../../i18n/format';
import { formRefusalText } from '../../../lib/form-refusal-text';
import { useT } from '../../../i18n/use-t';
import { ProvisionalMark } from '../../../components/provisional-mark';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { DrinkingSettings } from './drinking-settings';
import { MyData } from './my-data';
import { SignedInDevices } from './signed-in-devices';

/** `onRenamed`: what else shows the player's name and must refresh (other features' screens). */
export function ProfileView({ onRenamed }: { onRenamed?: () => void }) {
  const profile = useProfile();
  const { t } = useT();
  return (
    <QueryState
      query={profile}
      errorText={t('profile.loadFailed')}
      skeleton={<div className="card h-48 animate-pulse" />}
    >
      {(p) => <ProfileDetails p={p} onRenamed={onRenamed} />}
    </QueryState>
  );
}

/**
 * Why the rating is still provisional, in words (README.md, The rating rules): both conditions,
 * each with how far the player is, so that a player sees which one is missing.
 */
export function ProvisionalReasons({
  p,
}: {
  p: Pick<ProfileReply, 'ratedGames' | 'independentOpponents'>;
}) {
  const { t } = useT();
  const games = Math.min(p.ratedGames, RATING_RULES.provisionalGames);
  const independent = Math.min(p.independentOpponents, RATING_RULES.provisionalOpponents);
  const line = (met: boolean, text: string) => (
    <li className={`flex gap-2 ${met ? 'text-foam-400' : ''}`} data-met={met}>
      {met ? (
        <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-400" aria-hidden="true" />
      ) : (
        <Circle className="mt-0.5 h-4 w-4 shrink-0 text-amber-400" aria-hidden="true" />
      )}
      <span>{text}</span>
    </li>
  );
  return (
    <div className="col-span-2 text-left text-sm sm:col-span-4" data-testid="provisional-reasons">
      <p>{t('rating.provisionalWhy')}</p>
      <ul className="mt-1 space-y-1">
        {line(games >= RATING_RULES.provisionalGames, t('rating.provisionalGames', { games }))}
        {line(
          independent >= RATING_RULES.provisionalOpponents,
          t('rating.provisionalIndependent', { independent }),
        )}
      </ul>
    </div>
  );
}

function ProfileDetails({ p, onRenamed }: { p: ProfileReply; onRenamed?: () => void }) {
  const { t } = useT();
  return (
    <div className="space-y-4">
      <section className="card grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
        <div className="col-span-2 text-left sm:col-span-1">
          <p className="text-sm text-foam-400">{t('profile.username')}</p>
          <p className="font-semibold break-all">{p.username}</p>
        </div>
        <div>
          <p className="text-sm text-foam-400">{t('profile.elo')}</p>
          <p className="text-2xl font-black text-amber-400 tabular-nums">
            {formatElo(p.currentElo)}
            {p.provisional && <ProvisionalMark />}
          </p>
        </div>
        <div>
          <p className="text-sm text-foam-400">{t('profile.peakElo')}</p>
          <p className="text-2xl font-black tabular-nums">{formatElo(p.peakElo)}</p>
        </div>
        <div>
          <p className="text-sm text-foam-400" title={t('profile.verifiedHint')}>
            {t('profile.verifiedGames')}
          </p>
          <p className="text-2xl font-black tabular-nums" data-testid="verified-games">
            {p.verifiedGames}
          </p>
        </div>
        {p.provisional && <ProvisionalReasons p={p} />}
      </section>
      <RenameForm key={p.playerName} current={p.playerName} onRenamed={onRenamed} />
      <DrinkingSettings p={p} />
      <section className="card space-y-3" aria-labelledby="scales-title">
        <h2 id="scales-title" className="text-lg font-bold">
          {t('profile.myScales')}
        </h2>
        {p.scales.length === 0 ? (
          <p className="text-foam-400">{t('profile.noScale')}</p>
        ) : (
          <ul className="space-y-2">
            {p.scales.map((s) => (
              <li
                key={s.mac}
                className="flex items-center justify-between gap-2 rounded-xl bg-malt-800/60 px-3 py-2"
              >
                <span className="font-mono">{s.mac}</span>
                <span
                  className={`text-sm font-semibold ${s.approved ? 'text-hop-400' : 'text-foam-400'}`}
                >
                  {s.approved ? t('profile.approved') : t('profile.waiting')}
                </span>
              </li>
            ))}
          </ul>
        )}
        {/* A scale not paired yet is paired there, by the code it shows (or awaits an administrator). */}
        {p.scales.length > 0 && (
          <Link to="/scale-settings" className="btn-secondary w-full">
            <Settings className="size-4" aria-hidden /> {t('profile.scaleSettings')}
          </Link>
        )}
        {p.isAdmin && (
          <Link to="/admin" className="btn-secondary w-full">
            <Shield className="size-4" aria-hidden /> {t('profile.admin')}
          </Link>
        )}
      </section>
      <ChangePasswordForm />
      <SignedInDevices />
      <MyData />
      <DeleteAccount playerName={p.playerName} />
    </div>
  );
}

function RenameForm({ current, onRenamed }: { current: string; onRenamed?: () => void }) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const rename = useRename(onRenamed);
  const { t } = useT();
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = profileBodySchema.safeParse({ playerName: name });
    if (!parsed.success) return setError(formRefusalText(parsed.error.issues[0]?.message ?? ''));
    setError(null);
    rename.mutate(parsed.data.playerName ?? name, {
      onSuccess: () => toast.success(t('profile.renamed')),
      onError: (err) => setError(errorMessage(err, t('profile.renameFailed'))),
    });
  }
  return (
    <form onSubmit={submit} noValidate className="card space-y-3">
      <label htmlFor="player-name" className="field-label">
        {t('profile.playerName', { max: PLAYER_NAME_MAX })}
      </label>
      <FormError message={error} />
      <div className="flex gap-2">
        <input
          id="player-name"
          className="field-input"
          maxLength={PLAYER_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button
          type="submit"
          className="btn-primary shrink-0"
          disabled={rename.isPending || name.trim() === current}
        >
          {t('profile.save')}
        </button>
      </div>
    </form>
  );
}
