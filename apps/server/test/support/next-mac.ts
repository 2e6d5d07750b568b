// Scale addresses for tests: a two-character prefix per suite (so a failing address says which
// suite made it), this process's id and one counter for the whole process, so suites that share
// a worker (the server project runs without isolation) never make the same address twice.

let made = 0;

/** A maker of fresh 12-digit scale addresses starting with `prefix` (two hex digits). */
export function macMaker(prefix: string): () => string {
  if (!/^[0-9A-F]{2}$/.test(prefix)) throw new Error(`A mac prefix is two hex digits: ${prefix}`);
  return () =>
    `${prefix}${String(process.pid % 10000).padStart(4, '0')}${String(++made).padStart(6, '0')}`;
}
