import { ComingSoon } from '../components/coming-soon';

export default function Dashboard() {
  return (
    <ComingSoon title="Leaderboard" subtitle="Who drinks closest to the gram, ranked by ELO." />
  );
}
