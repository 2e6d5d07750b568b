import { ComingSoon } from '../components/coming-soon';
import { useSession } from '../lib/session-context';

export default function Admin() {
  const { user } = useSession();
  return (
    <ComingSoon
      title="Administration"
      subtitle={
        user && !user.isAdmin
          ? 'This page is for administrators only.'
          : 'Approve scales and assign them to players.'
      }
    />
  );
}
