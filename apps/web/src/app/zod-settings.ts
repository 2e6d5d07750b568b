/**
 * The app's CSP (`script-src 'self'`) forbids eval. Zod 4 compiles object parsers with
 * `new Function` where it may, and finds out once by trying: the try is caught, but the browser
 * still reports a CSP violation on every page that loads zod (best practices 96 in Lighthouse).
 * `jitless` tells zod up front. It is set on zod's shared settings object, which zod's core
 * adopts when it loads (`globalThis.__zod_globalConfig`, how copies of zod share settings):
 * `z.config()` would pull zod into the entry, which the public pages load without zod. Import
 * first in main.tsx, before any chunk with zod can load.
 */
type ZodSettings = { jitless?: boolean };
const shared = globalThis as { __zod_globalConfig?: ZodSettings };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;

// A module, not a script: imported for its effect only.
export {};
