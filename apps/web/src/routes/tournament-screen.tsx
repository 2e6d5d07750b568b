import { useParams } from 'wouter';
import { QueryProvider } from '../app/query-provider';
import { TournamentScreen } from '../features/tournaments/components/tournament-screen';

/** /t/{token}: a tournament's table screen; the token is the credential, no account needed. */
export default function TournamentScreenPage() {
  const { token = '' } = useParams();
  // A public page: no shell provides the query client here.
  return (
    <QueryProvider>
      <TournamentScreen key={token} token={token} />
    </QueryProvider>
  );
}
