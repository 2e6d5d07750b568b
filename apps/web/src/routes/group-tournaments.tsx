import { Link, useParams } from 'wouter';
import { GroupTournaments } from '../features/tournaments/components/group-tournaments';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';

/** /groups/{id}/tournaments: the group's tournament nights and "New tournament". */
export default function GroupTournamentsPage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useT();
  if (!/^[1-9]\d{0,8}$/.test(id ?? '')) {
    return (
      <p role="alert" className="card text-lg font-bold">
        {t('tournaments.groupNotFound')}
      </p>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={`/groups/${id}`} className="link-quiet text-sm">
        {t('tournaments.back')}
      </Link>
      <PageTitle>{t('tournaments.title')}</PageTitle>
      <GroupTournaments key={id} groupId={Number(id)} />
    </div>
  );
}
