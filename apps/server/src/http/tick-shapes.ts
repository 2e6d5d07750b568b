import { executionAsyncResource } from 'node:async_hooks';

/** Tick objects kept for the process's life: one without arguments, one with. */
const kept: object[] = [];

/**
 * Keeps two of `process.nextTick`'s tick objects alive for good, so their shape (V8's map)
 * never dies with the last tick object of a moment. Node's HTTP and stream code makes a few
 * tick objects per request (endReadable, onwrite, resOnFinish), each from one object literal
 * in `nextTick`; in the server under load V8 was seen to let that literal's property stores go
 * megamorphic after a while, for good (its feedback: `DefineKeyedOwnPropertyInLiteral
 * MEGAMORPHIC`), and from then on every tick object was built in V8's runtime: 8 % of the
 * server's CPU samples for a group's table (docs/PERFORMANCE.md). With two tick objects kept
 * alive it stayed monomorphic in every run. A tick object is the async resource its callback
 * runs in, which is how they are caught here. Resolves once both are kept.
 */
export function keepTickShapes(): Promise<void> {
  return new Promise((resolve) => {
    process.nextTick(() => kept.push(executionAsyncResource()));
    // With an argument, so its `args` holds an array, as most of node's own ticks' do.
    process.nextTick((done: () => void) => {
      kept.push(executionAsyncResource());
      done();
    }, resolve);
  });
}

/** The tick objects kept (for tests). */
export function keptTickObjects(): readonly object[] {
  return kept;
}
