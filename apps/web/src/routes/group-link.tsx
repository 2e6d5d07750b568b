import { useParams } from 'wouter';
import { GroupLinkView } from '../features/groups/components/group-link-view';

/** /groups/join/{token} and /groups/claim/{token}: public to anyone holding the link. */
export default function GroupLink() {
  const { token = '' } = useParams();
  return <GroupLinkView key={token} token={token} />;
}
