import { PageTitle } from '../components/page-title';
import { AdminScalesView } from '../features/admin/components/admin-scales-view';
import { PendingPairings } from '../features/admin/components/pending-pairings';
import { ReportedGames } from '../features/admin/components/reported-games';
import { useT } from '../i18n/use-t';

export default function Admin() {
  const { t } = useT();
  return (
    <div>
      <PageTitle subtitle={t('admin.subtitle')}>{t('admin.title')}</PageTitle>
      <PendingPairings />
      <ReportedGames />
      <AdminScalesView />
    </div>
  );
}
