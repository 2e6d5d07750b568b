import { useParams } from 'wouter';
import { NewTournamentForm } from '../features/tournaments/components/new-tournament-form';
import { useT } from '../i18n/use-t';

/** /groups/{id}/tournaments/new: a tournament night for the group's members. */
export default function TournamentNew() {
  const { id } = useParams<{ id: string }>();
  const { t } = useT();
  // A path that is no group id names no group: said without asking the server.
  if (!/^[1-9]\d{0,8}$/.test(id ?? '')) {
    return (
      <p role="alert" className="card text-lg font-bold">
        {t('tournaments.groupNotFound')}
      </p>
    );
  }
  return <NewTournamentForm key={id} groupId={Number(id)} />;
}
