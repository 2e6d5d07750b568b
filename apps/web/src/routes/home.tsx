import { Link } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { useSession } from '../lib/session-context';

export default function Home() {
  const { user } = useSession();
  return (
    <ComingSoon
      title={`Welcome back, ${user?.playerName ?? 'Player'}!`}
      subtitle="Your games, your ELO and your accuracy will show up here."
    >
      <Link to="/game" className="btn-primary mt-2">
        Play a game
      </Link>
    </ComingSoon>
  );
}
