import { useParams } from 'wouter';
import { TournamentScreen } from '../features/tournaments/components/tournament-screen';

/** /t/{token}: a tournament's table screen; the token is the credential, no account needed. */
export default function TournamentScreenPage() {
  const { token = '' } = useParams();
  return <TournamentScreen key={token} token={token} />;
}
