import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

const bundleModule = new URL('../bundle.mjs', import.meta.url).pathname;

// What `npm start` and the bench do before serving: bundle the sources. The bundling must leave
// no helper process behind (esbuild keeps a service process until told to stop), and its file is
// named by its content, so instances started together agree on one file.
describe('the server bundle', () => {
  it('leaves no process behind and names the file by its content', () => {
    const script = `
      import { readdirSync, readFileSync } from 'node:fs';
      const { bundleServer } = await import(${JSON.stringify(bundleModule)});
      const first = await bundleServer();
      const second = await bundleServer();
      const running = () => readdirSync('/proc').filter((pid) => /^\\d+$/.test(pid)).filter((pid) => {
        try {
          const stat = readFileSync('/proc/' + pid + '/stat', 'utf8');
          const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          // A child that exited but is not reaped yet (Z) is not running.
          return state !== 'Z' && Number(ppid) === process.pid;
        } catch { return false; }
      });
      // A stopped service process takes a moment to exit; one left running stays for good.
      let children = running();
      for (let waited = 0; children.length > 0 && waited < 3000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        children = running();
      }
      console.log(JSON.stringify({ first, second, children: children.length }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const { first, second, children } = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(children).toBe(0);
    expect(first).toBe(second);
    expect(basename(first)).toMatch(/^main-[0-9a-f]{12}\.mjs$/);
    expect(existsSync(first)).toBe(true);
  }, 60_000);
});
