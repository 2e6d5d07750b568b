import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { CliError, runAdminCommand } from './admin/admin-cli';

const USAGE = 'Usage: main.ts serve | migrate | admin <command> [options]';

async function withDatabase(fn: (handle: ReturnType<typeof openDatabase>) => Promise<void>) {
  const config = loadConfig();
  const handle = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle);
    await fn(handle);
  } finally {
    await handle.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': {
      // Loaded for this command alone: the operator's commands start in half the time without
      // the HTTP server, sockets and game engine.
      const { serve } = await import('./serve');
      return serve(loadConfig());
    }
    case 'migrate':
      return withDatabase(async () => console.log('Database is up to date.'));
    case 'admin':
      return withDatabase((handle) =>
        runAdminCommand(handle, rest, (line) => console.log(line), {
          jwtSecret: loadConfig().jwtSecret,
        }),
      );
    default:
      throw new CliError(USAGE);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(err instanceof CliError ? 2 : 1);
});
