import { useParams } from 'wouter';
import { QueryProvider } from '../app/query-provider';
import { PublicGroupView } from '../features/groups/components/public-group-view';

/** /g/{token}: a group's public read-only table and records. */
export default function PublicGroup() {
  const { token = '' } = useParams();
  // A public page: no shell provides the query client here.
  return (
    <QueryProvider>
      <PublicGroupView key={token} token={token} />
    </QueryProvider>
  );
}
