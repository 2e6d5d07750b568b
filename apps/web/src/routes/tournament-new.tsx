import { NewTournamentForm } from '../features/tournaments/components/new-tournament-form';
import { useT } from '../i18n/use-t';
import { PathNotFound, usePathId } from '../lib/path-id';

/** /groups/{id}/tournaments/new: a tournament night for the group's members. */
export default function TournamentNew() {
  const id = usePathId();
  const { t } = useT();
  // A path that is no group id names no group: said without asking the server.
  if (id === null) return <PathNotFound>{t('tournaments.groupNotFound')}</PathNotFound>;
  return <NewTournamentForm key={id} groupId={id} />;
}
