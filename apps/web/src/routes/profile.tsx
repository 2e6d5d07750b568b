import { PageTitle } from '../components/page-title';
import { ProfileView } from '../features/profile/components/profile-view';

export default function Profile() {
  return (
    <div>
      <PageTitle subtitle="Your account at a glance.">Profile</PageTitle>
      <ProfileView />
    </div>
  );
}
