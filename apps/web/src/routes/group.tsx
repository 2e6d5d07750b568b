import { GroupPageView } from '../features/groups/components/group-page-view';
import { useT } from '../i18n/use-t';
import { PathNotFound, usePathId } from '../lib/path-id';

/** /groups/{id}: a group's own page, for its members. */
export default function Group() {
  const id = usePathId();
  const { t } = useT();
  // A path that is no group id names no group: said without asking the server.
  if (id === null) return <PathNotFound>{t('groups.notFound')}</PathNotFound>;
  return <GroupPageView key={id} id={id} />;
}
