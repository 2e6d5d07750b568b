import { Link } from 'wouter';
import { GroupTournaments } from '../features/tournaments/components/group-tournaments';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';
import { PathNotFound, usePathId } from '../lib/path-id';

/** /groups/{id}/tournaments: the group's tournament nights and "New tournament". */
export default function GroupTournamentsPage() {
  const id = usePathId();
  const { t } = useT();
  if (id === null) return <PathNotFound>{t('tournaments.groupNotFound')}</PathNotFound>;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={`/groups/${id}`} className="link-quiet text-sm">
        {t('tournaments.back')}
      </Link>
      <PageTitle>{t('tournaments.title')}</PageTitle>
      <GroupTournaments key={id} groupId={id} />
    </div>
  );
}
