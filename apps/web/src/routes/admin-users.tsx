import { PageTitle } from '../components/page-title';
import { AdminUsersView } from '../features/admin/components/admin-users-view';
import { useT } from '../i18n/use-t';

export default function AdminUsers() {
  const { t } = useT();
  return (
    <div>
      <PageTitle subtitle={t('admin.usersSubtitle')}>{t('admin.usersTitle')}</PageTitle>
      <AdminUsersView />
    </div>
  );
}
