import { useParams } from 'wouter';
import { QueryProvider } from '../app/query-provider';
import { JoinView } from '../features/seats/components/join-view';

/** /join/{code}: a game's seats for anyone holding its code, signed in or not. */
export default function Join() {
  const { code = '' } = useParams();
  return (
    <QueryProvider>
      <main className="min-h-dvh px-4 py-6">
        <JoinView key={code} code={code} />
      </main>
    </QueryProvider>
  );
}
