import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const module = new URL('./tick-shapes.ts', import.meta.url).pathname;

/**
 * In a fresh Node process (V8's natives syntax and gc() on): tick objects made after several
 * full collections, with no tick object of theirs alive in between, against the kept ones.
 */
function sameShapesAfterCollections(keep: boolean): string {
  const script = `
import { executionAsyncResource } from 'node:async_hooks';
import { keepTickShapes, keptTickObjects } from ${JSON.stringify(module)};
${keep ? 'await keepTickShapes();' : ''}
const tickObject = (...args) =>
  new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource()), ...args));
for (let round = 0; round < 5; round++) {
  for (let i = 0; i < 2000; i++) await tickObject(i);
  await new Promise((resolve) => setTimeout(resolve, 1));
  globalThis.gc();
}
const [plain, withArgs] = keptTickObjects();
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
const now = [await tickObject(), await tickObject(1)];
console.log(String(!!plain && sameMap(plain, now[0]) && !!withArgs && sameMap(withArgs, now[1])));
`;
  const out = spawnSync(
    process.execPath,
    [
      '--allow-natives-syntax',
      '--expose-gc',
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ],
    { encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(out.stderr);
  return out.stdout.trim();
}

describe('tick shapes', () => {
  it('keeps a tick object of each kind whose shape later tick objects share', () => {
    expect(sameShapesAfterCollections(true)).toBe('true');
  });

  it('keeps nothing until asked', () => {
    expect(sameShapesAfterCollections(false)).toBe('false');
  });
});
