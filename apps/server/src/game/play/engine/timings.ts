/**
 * The engine's clock-bound rules, passed in so that a test can play a game without waiting real
 * seconds: a placement is readings within `stableBandGrams` of each other for `stableForMs` by
 * server receipt time (docs/RULES.md, docs/DEVICE-PROTOCOL.md "WEIGHT").
 */
export interface EngineTimings {
  stableForMs: number;
  stableBandGrams: number;
}

/** What real tables play with: 2 g for one second. */
export const DEFAULT_ENGINE_TIMINGS: Readonly<EngineTimings> = Object.freeze({
  stableForMs: 1000,
  stableBandGrams: 2,
});
