import { listUsers, profile, setStatus, updateProfile } from '@beerscale/contract/api/users';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { UsersService } from './users.service';

export function registerUsersRoutes(routes: EndpointRoutes, users: UsersService): void {
  routes.add(listUsers, async ({ query, me }) => users.list(query, me));
  routes.add(profile, async ({ me }) => users.profile(me));
  routes.add(updateProfile, async ({ body, me }) => users.updateProfile(body, me));
  routes.add(setStatus, async ({ params: { id }, body: { status }, me }) => {
    await users.setStatus(id, status, me);
    return { id, status };
  });
}
