import { TournamentView } from '../features/tournaments/components/tournament-view';
import { useT } from '../i18n/use-t';
import { PathNotFound, usePathId } from '../lib/path-id';

/** /tournaments/{id}: a tournament night, for its group's members. */
export default function Tournament() {
  const id = usePathId();
  const { t } = useT();
  if (id === null) return <PathNotFound>{t('tournaments.notFound')}</PathNotFound>;
  return <TournamentView key={id} id={id} />;
}
