import { useParams } from 'wouter';
import { PublicGroupView } from '../features/groups/components/public-group-view';

/** /g/{token}: a group's public read-only table and records. */
export default function PublicGroup() {
  const { token = '' } = useParams();
  return <PublicGroupView key={token} token={token} />;
}
