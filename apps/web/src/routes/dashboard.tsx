import { PageTitle } from '../components/page-title';
import { LeaderboardTable } from '../features/leaderboard/components/leaderboard-table';
import { useT } from '../i18n/use-t';

export default function Dashboard() {
  const { t } = useT();
  return (
    <div>
      <PageTitle subtitle={t('board.subtitle')}>{t('board.title')}</PageTitle>
      <LeaderboardTable />
    </div>
  );
}
