import { t, useT } from '../../i18n/use-t';

/** Every text of the watch feature (the /watch page and the leader's Share panel), in the current language. */
export function watchTexts() {
  return {
    pageTitle: t('watch.pageTitle'),
    loading: t('watch.loading'),
    invalidTitle: t('watch.invalidTitle'),
    invalidHint: t('watch.invalidHint'),
    live: t('watch.live'),
    reconnecting: t('watch.reconnecting'),
    offline: t('connection.offline'),
    podium: t('watch.podium'),
    place: (place: number) => t('watch.place', { place }),
    sound: t('watch.sound'),
    lastDifference: (grams: number) => t('watch.lastDifference', { grams }),
    target: t('watch.target'),
    noTarget: t('watch.noTarget'),
    onTurn: t('watch.onTurn'),
    nobodyOnTurn: t('watch.nobodyOnTurn'),
    scale: t('watch.scale'),
    scaleOffline: t('watch.scaleOffline'),
    emptyPlatform: t('watch.emptyPlatform'),
    stable: t('watch.stable'),
    settling: t('watch.settling'),
    noReading: t('watch.noReading'),
    grams: t('watch.grams'),
    setUp: t('watch.setUp'),
    drinking: t('watch.drinking'),
    standings: t('watch.standings'),
    player: t('watch.player'),
    mean: t('watch.mean'),
    finalResults: t('watch.finalResults'),
    awards: t('awards.title'),
    resultsPages: t('watch.resultsPages'),
    winner: t('watch.winner'),
    cancelled: t('watch.cancelled'),
    tableScreen: t('watch.tableScreen'),
    phoneView: t('watch.phoneView'),
    share: t('watch.share'),
    shareTitle: t('watch.shareTitle'),
    shareHint: t('watch.shareHint'),
    shareQr: t('watch.shareQr'),
    copy: t('watch.copy'),
    copied: t('watch.copied'),
    renew: t('watch.renew'),
    renewHint: t('watch.renewHint'),
    renewConfirm: t('watch.renewConfirm'),
    renewYes: t('watch.renewYes'),
    renewNo: t('watch.renewNo'),
    hide: t('watch.hide'),
    shareFailed: t('watch.shareFailed'),
    phase: {
      INITIAL_WEIGHING: t('phase.INITIAL_WEIGHING'),
      DRINKING: t('phase.DRINKING'),
      SCORING: t('phase.SCORING'),
      FINISHED: t('phase.FINISHED'),
      CALLING: t('phase.CALLING'),
      GIVING: t('phase.GIVING'),
      ESTIMATING: t('phase.ESTIMATING'),
      FINALE: t('phase.FINALE'),
    },
    step: {
      title: t('watch.step.title'),
      drinkDown: t('watch.step.drinkDown'),
      drinkUp: t('watch.step.drinkUp'),
      putFull: {
        BEER_BOTTLE: t('watch.step.putFull.BEER_BOTTLE'),
        BEER_CAN: t('watch.step.putFull.BEER_CAN'),
        other: t('watch.step.putFull.other'),
      },
      putBack: {
        BEER_BOTTLE: t('watch.step.putBack.BEER_BOTTLE'),
        BEER_CAN: t('watch.step.putBack.BEER_CAN'),
        other: t('watch.step.putBack.other'),
      },
      putEmpty: {
        BEER_BOTTLE: t('watch.step.putEmpty.BEER_BOTTLE'),
        BEER_CAN: t('watch.step.putEmpty.BEER_CAN'),
        other: t('watch.step.putEmpty.other'),
      },
    },
    round: (round: number, of: number) => t('watch.round', { round, of }),
    exact: (count: number) => t('watch.exact', { count }),
    team: (n: number) => t('rules.team', { n }),
  };
}

/** The texts, again whenever the reader switches the language. */
export function useWatchTexts() {
  useT();
  return watchTexts();
}
