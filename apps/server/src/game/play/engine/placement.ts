import { DEFAULT_ENGINE_TIMINGS, type EngineTimings } from './timings';

// A placement (docs/RULES.md): a reading that is stable — readings within 2 g of each other for
// at least 1 s by server receipt time (the window is `EngineTimings`) — at 20 g or more, after
// the platform was below 20 g since the previous placement. The device's own `stable` flag is
// not trusted: cheap firmware settles early.

export const PLACEMENT_MIN_GRAMS = 20;

export interface DetectorState {
  /** The platform was cleared since the last placement, so the next stable reading counts. */
  armed: boolean;
  /** Consecutive samples that stay within the band, oldest first. */
  window: { grams: number; at: number }[];
  /** Whole grams of the last placement (absent in states stored before it was kept). */
  last?: number;
  /**
   * The scale reconnected while disarmed: the platform went unwatched, so a container may have
   * been swapped. A stable reading other than `last` is a new container and counts.
   */
  resumed?: boolean;
}

export const initialDetector = (): DetectorState => ({ armed: true, window: [] });

export interface Detection {
  detector: DetectorState;
  /** Whole grams of a placement that just happened, else null. */
  placement: number | null;
  /** True when `armed` flipped: worth persisting so a restart keeps it. */
  armedChanged: boolean;
}

/** Grams a placement needs in the house rules' finale: an empty can weighs about 15 g. */
export const FINALE_MIN_GRAMS = 5;

export function detect(
  detector: DetectorState,
  grams: number,
  at: number,
  minGrams: number = PLACEMENT_MIN_GRAMS,
  timings: EngineTimings = DEFAULT_ENGINE_TIMINGS,
): Detection {
  const { stableBandGrams, stableForMs } = timings;
  if (grams < minGrams) {
    return {
      detector: { armed: true, window: [] },
      placement: null,
      armedChanged: !detector.armed,
    };
  }
  if (!detector.armed && !detector.resumed)
    return { detector, placement: null, armedChanged: false };

  const inBand = detector.window.filter(
    (s) => Math.abs(s.grams - grams) <= stableBandGrams && s.at <= at,
  );
  // The band must hold for the whole window: once a sample leaves it, start again from here.
  const window =
    inBand.length === detector.window.length ? [...inBand, { grams, at }] : [{ grams, at }];
  const first = window[0];
  if (first && at - first.at >= stableForMs) {
    const grams = median(window);
    if (detector.resumed && Math.abs(grams - (detector.last ?? grams)) <= stableBandGrams) {
      // The container placed before the reconnect is still there: wait for the platform to clear.
      return {
        detector: { armed: false, window: [], last: detector.last },
        placement: null,
        armedChanged: true,
      };
    }
    return {
      detector: { armed: false, window: [], last: grams },
      placement: grams,
      armedChanged: true,
    };
  }
  // Keep the window short: only what is needed to prove the window's stability.
  const trimmed = window.length > 40 ? window.slice(-40) : window;
  return {
    detector: { ...detector, window: trimmed },
    placement: null,
    armedChanged: false,
  };
}

/** The scale reconnected: what stands on the platform now is judged again (see `resumed`). */
export function resumeDetector(detector: DetectorState): DetectorState {
  if (detector.armed || detector.last === undefined) return detector;
  return { ...detector, window: [], resumed: true };
}

function median(window: { grams: number }[]): number {
  const values = window.map((s) => s.grams).sort((a, b) => a - b);
  const mid = Math.floor(values.length / 2);
  const value = values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
  return Math.round(value);
}
