import { sql } from 'kysely';
import type { Db, Dialect } from '../../src/db/database';

/**
 * A real database fault for an atomicity test: a trigger that aborts every update of `column`
 * in `table` (every insert into it, without a column) with 'injected fault' until it is removed.
 */
export function injectedFault(
  dialect: Dialect,
  db: Db,
  name: string,
  table: string,
  column?: string,
) {
  const event = column ? `update of ${column}` : 'insert';
  const statements =
    dialect === 'sqlite'
      ? {
          add: [
            `create trigger ${name} before ${event} on ${table}
             begin select raise(abort, 'injected fault'); end`,
          ],
          remove: [`drop trigger ${name}`],
        }
      : {
          add: [
            `create function ${name}() returns trigger language plpgsql
             as $$ begin raise exception 'injected fault'; end $$`,
            `create trigger ${name} before ${event} on ${table}
             for each row execute function ${name}()`,
          ],
          remove: [`drop trigger ${name} on ${table}`, `drop function ${name}()`],
        };
  const run = async (list: string[]) => {
    for (const statement of list) await sql.raw(statement).execute(db);
  };
  return { add: () => run(statements.add), remove: () => run(statements.remove) };
}
