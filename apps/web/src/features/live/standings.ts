// The standings' rules are shared with the watch page: they live in lib.
export { formatMean, ruledOrder, runningOrder } from '../../lib/standings';
