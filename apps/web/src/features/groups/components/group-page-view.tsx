import { Trophy } from 'lucide-react';
import { Link } from 'wouter';
import type { GroupDetail } from '@beerscale/contract/groups';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useT } from '../../../i18n/use-t';
import { useGroupDetail } from '../api/group-detail';
import { useGroupRecords } from '../api/group-records';
import { GroupRecordsView } from './group-records-view';
import { DEFAULT_GROUP_EMOJI } from '../../../components/group-card';
import { HeadToHeadPanel } from './head-to-head-panel';
import { MembersPanel } from './members-panel';
import { RecentGames } from './recent-games';
import { SeasonPanel } from './season-panel';
import { SeasonTablePanel } from './season-table-panel';
import { SharePanel } from './share-panel';

/** /groups/{id}: the group's table, season, members, records, rivalries, games and links. */
export function GroupPageView({ id }: { id: number }) {
  const { t } = useT();
  const group = useGroupDetail(id);
  return (
    <QueryState query={group} errorText={t('groups.loadFailed')}>
      {(data) => <Group group={data} />}
    </QueryState>
  );
}

function Group({ group }: { group: GroupDetail }) {
  const { t } = useT();
  return (
    <div className="space-y-4">
      <Link to="/groups" className="link-quiet text-sm">
        {t('groups.backToGroups')}
      </Link>
      <PageTitle subtitle={t('groups.memberCount', { count: group.members.length })}>
        <span aria-hidden className="mr-2">
          {group.emoji ?? DEFAULT_GROUP_EMOJI}
        </span>
        {group.name}
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="space-y-4 lg:col-span-2">
          {/* A new season starts the table over: the switch then shows the new one. */}
          <SeasonTablePanel key={group.season.number} group={group} />
          <Records groupId={group.id} />
          <HeadToHeadPanel group={group} />
          <RecentGames groupId={group.id} />
        </div>
        <div className="space-y-4">
          <SeasonPanel group={group} />
          {/* Tournament night has its own pages (features/tournaments): a link, no import. */}
          <Link
            to={`/groups/${group.id}/tournaments`}
            className="btn-secondary w-full justify-center"
          >
            <Trophy className="size-4" aria-hidden />
            {t('tournaments.title')}
          </Link>
          <MembersPanel group={group} />
          <SharePanel group={group} />
        </div>
      </div>
    </div>
  );
}

function Records({ groupId }: { groupId: number }) {
  const { t } = useT();
  const records = useGroupRecords(groupId);
  return (
    <QueryState query={records} errorText={t('groups.loadFailed')}>
      {(data) => <GroupRecordsView records={data} linkGames />}
    </QueryState>
  );
}
