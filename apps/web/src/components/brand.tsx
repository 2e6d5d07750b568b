import { Beer } from 'lucide-react';
import { Link } from 'react-router';

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link
      to={to}
      className="flex min-h-11 items-center gap-2 text-lg font-extrabold tracking-tight text-foam-50"
    >
      <span className="grid size-9 place-items-center rounded-xl bg-amber-400 text-malt-950">
        <Beer className="size-5" aria-hidden />
      </span>
      <span>
        beer<span className="text-amber-400">scale</span>
      </span>
    </Link>
  );
}
