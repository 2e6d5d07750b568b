import { ComingSoon } from '../components/coming-soon';
import { useSession } from '../lib/session-context';

export default function Profile() {
  const { user } = useSession();
  return (
    <ComingSoon
      title="Profile"
      subtitle={user ? `Signed in as ${user.username}.` : 'Your account at a glance.'}
    />
  );
}
