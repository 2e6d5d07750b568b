import { PageTitle } from '../components/page-title';
import { ProfileView } from '../features/profile/components/profile-view';
import { useT } from '../i18n/use-t';

export default function Profile() {
  const { t } = useT();
  return (
    <div>
      <PageTitle subtitle={t('profile.subtitle')}>{t('profile.title')}</PageTitle>
      <ProfileView />
    </div>
  );
}
