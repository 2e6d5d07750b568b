import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';

/**
 * A public page's way back, in its header beside the language choice: an arrow on phones,
 * where the words leave the brand no room (German too); the words stay its accessible name.
 */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="link-quiet min-w-11 justify-center whitespace-nowrap">
      <ArrowLeft className="size-5 sm:hidden" aria-hidden />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Link>
  );
}
