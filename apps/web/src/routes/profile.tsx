import { useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '../components/page-title';
import { homeQueryOptions } from '../features/home/api/home';
import { ProfileView } from '../features/profile/components/profile-view';
import { useT } from '../i18n/use-t';

export default function Profile() {
  const { t } = useT();
  const queryClient = useQueryClient();
  return (
    <div>
      <PageTitle subtitle={t('profile.subtitle')}>{t('profile.title')}</PageTitle>
      <ProfileView
        // /home greets the player by name.
        onRenamed={() =>
          void queryClient.invalidateQueries({ queryKey: homeQueryOptions().queryKey })
        }
      />
    </div>
  );
}
