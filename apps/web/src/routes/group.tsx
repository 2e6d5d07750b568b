import { useParams } from 'wouter';
import { GroupPageView } from '../features/groups/components/group-page-view';
import { useT } from '../i18n/use-t';

/** /groups/{id}: a group's own page, for its members. */
export default function Group() {
  const { id } = useParams<{ id: string }>();
  const { t } = useT();
  // A path that is no group id names no group: said without asking the server.
  if (!/^[1-9]\d{0,8}$/.test(id ?? '')) {
    return (
      <p role="alert" className="card text-lg font-bold">
        {t('groups.notFound')}
      </p>
    );
  }
  return <GroupPageView key={id} id={Number(id)} />;
}
