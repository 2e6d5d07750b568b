import { Link } from 'react-router';
import { Brand } from '../components/brand';
import { useSession } from '../lib/session-context';

export default function NotFound() {
  const { status } = useSession();
  const home = status === 'logged_in' ? '/home' : '/';
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 px-4 text-center">
      <Brand to={home} />
      <p className="text-7xl font-black text-amber-400/80 tabular-nums" aria-hidden>
        404
      </p>
      <h1 className="text-3xl font-black text-balance">Nothing on the scale here</h1>
      <p className="max-w-sm text-lg text-foam-200">
        This page does not exist. Maybe it was finished in one sip.
      </p>
      <Link to={home} className="btn-primary">
        {status === 'logged_in' ? 'Back to Home' : 'Back to start'}
      </Link>
    </div>
  );
}
