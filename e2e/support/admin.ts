import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** Runs the operator's CLI against the e2e server's database, as an operator would. */
export function adminCommand(...args: string[]): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  return execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, '../../apps/server/src/main.ts'),
      'admin',
      ...args,
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${join(dataDir, 'e2e.db')}`,
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
    },
  );
}
