import { PageTitle } from '../components/page-title';
import { AdminScalesView } from '../features/admin/components/admin-scales-view';

export default function Admin() {
  return (
    <div>
      <PageTitle subtitle="Assign registered scales to their owners.">Administration</PageTitle>
      <AdminScalesView />
    </div>
  );
}
