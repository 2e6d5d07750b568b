import type { ReactNode } from 'react';
import { useParams } from 'wouter';

/**
 * The {id} of a path such as /groups/{id} when it can name a row (a whole number from 1 to
 * 999,999,999, no leading zero), else null: a path that is no id names nothing, said without
 * asking the server.
 */
export function pathId(text: string | undefined): number | null {
  return text !== undefined && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

/** The route's {id} (pathId of wouter's `id` parameter). */
export function usePathId(): number | null {
  return pathId(useParams<{ id: string }>().id);
}

/** What a route shows for a path whose id names nothing (the screen's own "not found" text). */
export function PathNotFound({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="card text-lg font-bold">
      {children}
    </p>
  );
}
