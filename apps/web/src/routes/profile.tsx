import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '../components/page-title';
import { homeQueryOptions } from '../features/home/api/home';
import { GameRows } from '../features/game-page/components/game-rows';
import { ProfileView } from '../features/profile/components/profile-view';
import { useT } from '../i18n/use-t';

export default function Profile() {
  const { t } = useT();
  const queryClient = useQueryClient();
  // The games the player finished, each opening its page (the same read as /home's list).
  const recent = useQuery(homeQueryOptions()).data?.recentGames ?? [];
  return (
    <div>
      <PageTitle subtitle={t('profile.subtitle')}>{t('profile.title')}</PageTitle>
      <ProfileView
        // /home greets the player by name.
        onRenamed={() =>
          void queryClient.invalidateQueries({ queryKey: homeQueryOptions().queryKey })
        }
      />
      <div className="mt-4">
        <GameRows games={recent} />
      </div>
    </div>
  );
}
