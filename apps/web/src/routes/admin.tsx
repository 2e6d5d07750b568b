import { Users } from 'lucide-react';
import { Link } from 'wouter';
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
      <Link to="/admin/users" className="btn-secondary mb-4 w-full sm:w-auto">
        <Users className="size-4" aria-hidden /> {t('admin.usersLink')}
      </Link>
      <PendingPairings />
      <ReportedGames />
      <AdminScalesView />
    </div>
  );
}
