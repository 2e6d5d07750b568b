import { HomeView } from '../features/home/components/home-view';

export default function Home() {
  return <HomeView />;
}
