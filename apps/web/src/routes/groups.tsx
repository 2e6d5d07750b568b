import { PageTitle } from '../components/page-title';
import { GroupsView } from '../features/groups/components/groups-view';
import { useT } from '../i18n/use-t';

/** /groups: the player's groups, creating one, joining by a link. */
export default function Groups() {
  const { t } = useT();
  return (
    <div>
      <PageTitle subtitle={t('groups.subtitle')}>{t('groups.title')}</PageTitle>
      <GroupsView />
    </div>
  );
}
