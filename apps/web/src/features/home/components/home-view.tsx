import {
  Gamepad2,
  GlassWater,
  Percent,
  Settings,
  Star,
  Target,
  TrendingUp,
  Trophy,
} from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { DEFAULT_ELO } from '@beerscale/contract/limits';
import type { HomeReply } from '@beerscale/contract/home';
import { QueryState } from '../../../components/query-state';
import { RecentGameRow } from '../../../components/recent-game-row';
import { ordinal } from '../../../lib/ordinal';
import { useHasScales } from '../api/has-scales';
import { useHome } from '../api/home';
import { HomeGroups } from './home-groups';
import { formatElo, formatNumber, formatPercent } from '../../../i18n/format';
import { t as text, useT } from '../../../i18n/use-t';
import { gameName } from '../../../i18n/game-name';

const STATUSES = ['pending', 'configured', 'active', 'completed', 'cancelled'] as const;

/** A game's status in words; an unknown one as the server says it. */
function statusText(status: string): string {
  const known = STATUSES.find((s) => s === status);
  return known ? text(`gameStatus.${known}`) : status;
}

// The chart is below the fold: it loads after the figures.
const EloChart = lazy(() => import('./elo-chart'));

export function HomeView() {
  const home = useHome();
  const { t } = useT();
  return (
    <QueryState
      query={home}
      errorText={t('error.FETCH_HOME')}
      skeleton={<HomeSkeleton />}
      loadingLabel={t('home.loading')}
    >
      {(data) => <HomeFigures home={data} />}
    </QueryState>
  );
}

/**
 * What the scale weighed the player drink in the last 12 hours (docs/RULES.md, responsible
 * play): facts only, never a score to beat.
 */
function Tonight({ figures }: { figures: HomeReply['tonight'] }) {
  const { t } = useT();
  return (
    <section aria-label={t('home.tonight')} className="card p-4">
      <h2 className="text-sm font-semibold tracking-wide text-foam-200 uppercase">
        {t('home.tonight')}
      </h2>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
        <div>
          <dt className="text-xs text-foam-200">{t('drinks.drank')}</dt>
          <dd className="text-xl font-bold">{formatNumber(figures.drankGrams)} g</dd>
        </div>
        <div>
          <dt className="text-xs text-foam-200">{t('drinks.alcohol')}</dt>
          <dd className="text-xl font-bold">{formatNumber(figures.alcoholGrams, 1)} g</dd>
        </div>
        <div>
          <dt className="text-xs text-foam-200">{t('drinks.standardDrinks')}</dt>
          <dd className="text-xl font-bold">{formatNumber(figures.standardDrinks, 1)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-foam-200">{t('home.tonightNote')}</p>
    </section>
  );
}

function HomeFigures({ home }: { home: HomeReply }) {
  const hasScales = useHasScales();
  const { t, language } = useT();
  const { user, stats, recentGames, activeGame } = home;
  const winRate = stats.games_played ? stats.games_won / stats.games_played : 0;
  const format = (value: number | null) => (value === null ? '–' : `${formatNumber(value, 1)} g`);

  return (
    <div className="space-y-5">
      <section>
        <h1 className="text-3xl font-black tracking-tight">
          {/* "Back" only for someone who has played: not on the first sign-in. */}
          {t(
            stats.games_played > 0 || recentGames.length > 0 ? 'home.welcome' : 'home.welcomeNew',
            {
              name: user.playerName || t('home.player'),
            },
          )}
        </h1>
        <p className="mt-1 text-foam-200">
          {t('home.currentElo')}{' '}
          <span className="font-bold text-amber-400">
            {formatElo(stats.current_elo ?? DEFAULT_ELO)}
          </span>
        </p>
      </section>
      <section aria-label={t('home.statistics')} className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <Tile
          icon={<Gamepad2 />}
          label={t('home.gamesPlayed')}
          value={formatNumber(stats.games_played)}
        />
        <Tile icon={<Trophy />} label={t('home.gamesWon')} value={formatNumber(stats.games_won)} />
        <Tile icon={<Percent />} label={t('home.winRate')} value={formatPercent(winRate)} />
        <Tile
          icon={<TrendingUp />}
          label={t('home.peakElo')}
          value={formatElo(stats.peak_elo ?? DEFAULT_ELO)}
        />
        {/* House rules' penalties: the fifth tile spans a phone's row rather than leave a gap. */}
        <Tile
          icon={<GlassWater />}
          label={t('home.penalties')}
          value={formatNumber(stats.total_penalties)}
          wide
        />
      </section>
      <Tonight figures={home.tonight} />
      {activeGame && (
        <Banner
          title={t('home.activeGame')}
          text={`${gameName(activeGame.name)} · ${statusText(activeGame.status)}`}
          to="/game"
          action={t('home.viewGame')}
        />
      )}
      <HomeGroups />
      {hasScales.data && (
        <Banner
          title={t('home.scaleSettings')}
          text={t('home.scaleSettingsText')}
          to="/scale-settings"
          action={t('home.settings')}
          icon={<Settings className="size-5" />}
        />
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <section className="card" aria-labelledby="recent-title">
          <h2 id="recent-title" className="mb-3 text-lg font-bold">
            {t('home.recent')}
          </h2>
          {recentGames.length === 0 ? (
            <p className="text-foam-400">{t('home.noGames')}</p>
          ) : (
            <ul className="space-y-2">
              {recentGames.map((g) => (
                <li key={g.game_id}>
                  {/* The row opens the game's page: the morning after, every game can be read. */}
                  <RecentGameRow
                    game={g}
                    badge={
                      g.rank === 1 && (
                        <span className="ml-2 rounded bg-amber-400 px-1.5 py-0.5 text-xs text-malt-950">
                          {t('home.winner')}
                        </span>
                      )
                    }
                  >
                    <span className="shrink-0 text-right text-sm">
                      <span className="block font-bold">
                        {g.rank === null ? '–' : ordinal(g.rank, language)}
                      </span>
                      <span className="whitespace-nowrap text-foam-400">
                        {format(g.mean_difference)}
                      </span>
                    </span>
                  </RecentGameRow>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="insights-title">
          <h2 id="insights-title" className="mb-3 text-lg font-bold">
            {t('home.insights')}
          </h2>
          <dl className="grid grid-cols-3 gap-2 text-center">
            <Insight
              icon={<Star />}
              label={t('home.exactMatches')}
              value={formatNumber(stats.total_exact_matches)}
            />
            <Insight
              icon={<Target />}
              label={t('home.bestAccuracy')}
              value={format(stats.best_mean_difference)}
            />
            <Insight
              icon={<Target />}
              label={t('home.averageAccuracy')}
              value={format(stats.average_mean_difference)}
            />
          </dl>
          <h3 className="mt-5 mb-2 text-sm font-semibold text-foam-200">
            {t('home.ratingHistory')}
          </h3>
          <Suspense fallback={<div className="h-44 animate-pulse rounded-xl bg-malt-800/60" />}>
            <EloChart userId={user.id} />
          </Suspense>
        </section>
      </div>
    </div>
  );
}

function Tile({
  icon,
  label,
  value,
  wide = false,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`card p-4 ${wide ? 'col-span-2 md:col-span-1' : ''}`}>
      <span className="text-amber-400 [&>svg]:size-5" aria-hidden>
        {icon}
      </span>
      <p className="mt-2 text-2xl font-black tabular-nums">{value}</p>
      <p className="text-sm text-foam-400">{label}</p>
    </div>
  );
}

function Insight({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="rounded-xl bg-malt-800/60 p-3">
      <span className="mx-auto block w-fit text-amber-400 [&>svg]:size-5" aria-hidden>
        {icon}
      </span>
      <dd className="mt-1 text-lg font-bold tabular-nums">{value}</dd>
      <dt className="text-xs text-foam-400">{label}</dt>
    </div>
  );
}

function Banner({
  title,
  text,
  to,
  action,
  icon,
}: {
  title: string;
  text: string;
  to: string;
  action: string;
  icon?: ReactNode;
}) {
  return (
    <section className="card flex flex-wrap items-center justify-between gap-3 border-amber-400/40">
      <div className="flex min-w-0 items-center gap-3">
        {icon && <span className="text-amber-400">{icon}</span>}
        <div className="min-w-0">
          <h2 className="font-bold">{title}</h2>
          <p className="text-sm text-foam-200 wrap-anywhere">{text}</p>
        </div>
      </div>
      <Link to={to} className="btn-primary min-h-10">
        {action}
      </Link>
    </section>
  );
}

function HomeSkeleton() {
  return (
    <div className="space-y-5">
      <div className="h-10 w-2/3 animate-pulse rounded-xl bg-malt-800" />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="card h-28 animate-pulse" />
        ))}
      </div>
      <div className="card h-48 animate-pulse" />
    </div>
  );
}
