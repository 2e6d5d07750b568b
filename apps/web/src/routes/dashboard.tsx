import { PageTitle } from '../components/page-title';
import { LeaderboardTable } from '../features/leaderboard/components/leaderboard-table';

export default function Dashboard() {
  return (
    <div>
      <PageTitle subtitle="Who drinks closest to the gram, ranked by ELO.">Leaderboard</PageTitle>
      <LeaderboardTable />
    </div>
  );
}
