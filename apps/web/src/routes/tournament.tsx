import { useParams } from 'wouter';
import { TournamentView } from '../features/tournaments/components/tournament-view';
import { useT } from '../i18n/use-t';

/** /tournaments/{id}: a tournament night, for its group's members. */
export default function Tournament() {
  const { id } = useParams<{ id: string }>();
  const { t } = useT();
  if (!/^[1-9]\d{0,8}$/.test(id ?? '')) {
    return (
      <p role="alert" className="card text-lg font-bold">
        {t('tournaments.notFound')}
      </p>
    );
  }
  return <TournamentView key={id} id={Number(id)} />;
}
