import { useParams } from 'wouter';
import { QueryProvider } from '../app/query-provider';
import { GroupLinkView } from '../features/groups/components/group-link-view';

/** /groups/join/{token} and /groups/claim/{token}: public to anyone holding the link. */
export default function GroupLink() {
  const { token = '' } = useParams();
  // A public page: no shell provides the query client here.
  return (
    <QueryProvider>
      <GroupLinkView key={token} token={token} />
    </QueryProvider>
  );
}
