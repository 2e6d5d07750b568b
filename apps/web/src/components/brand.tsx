import { Beer } from 'lucide-react';
import { Link } from 'wouter';

/**
 * The logo and the name. `compact`: below 390 px only the logo shows (the name stays the link's
 * name), so that the signed-in header holds a ten-letter player name on a 320 or 360 px phone.
 */
export function Brand({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link
      to={to}
      className="flex min-h-11 min-w-11 items-center gap-2 text-lg font-extrabold tracking-tight text-foam-50"
    >
      <span className="grid size-9 place-items-center rounded-xl bg-amber-400 text-malt-950">
        <Beer className="size-5" aria-hidden />
      </span>
      <span className={compact ? 'max-[389px]:sr-only' : undefined}>
        beer<span className="text-amber-400">scale</span>
      </span>
    </Link>
  );
}
