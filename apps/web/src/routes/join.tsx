import { useParams } from 'wouter';
import { JoinView } from '../features/seats/components/join-view';

export default function Join() {
  const { code = '' } = useParams();
  return (
    <main className="min-h-dvh px-4 py-6">
      <JoinView key={code} code={code} />
    </main>
  );
}
