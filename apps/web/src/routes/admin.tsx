import { PageTitle } from '../components/page-title';
import { AdminScalesView } from '../features/admin/components/admin-scales-view';
import { PendingPairings } from '../features/admin/components/pending-pairings';

export default function Admin() {
  return (
    <div>
      <PageTitle subtitle="Assign registered scales to their owners.">Administration</PageTitle>
      <PendingPairings />
      <AdminScalesView />
    </div>
  );
}
