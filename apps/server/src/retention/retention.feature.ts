import type { FeatureCore } from '../http/feature-core';
import { RetentionRepository, startRetentionSweep } from './retention-sweep';

/** Ended sessions, expired watch and reset links are deleted hourly (retention-sweep.ts). */
const SESSION_SWEEP_MS = 60 * 60_000;

/**
 * The retention sweep, run once now and then hourly; the stop it returns ends the timer and
 * answers when a sweep under way is done.
 */
export function startRetentionFeature({ app, db, config }: FeatureCore) {
  return startRetentionSweep(
    new RetentionRepository(db),
    config.sessionSweepMs ?? SESSION_SWEEP_MS,
    (err) => app.log.warn({ err }, 'retention sweep failed'),
  );
}
