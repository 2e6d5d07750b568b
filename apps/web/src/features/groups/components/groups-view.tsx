import { Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { GROUP_TOKEN_LENGTH, type MyGroup } from '@beerscale/contract/groups';
import { DEFAULT_GROUP_EMOJI, GroupCard } from '../../../components/group-card';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { useCreateGroup } from '../api/create-group';
import { useMyGroups } from '../api/my-groups';
import { RoleBadge } from './members-panel';

/** /groups: the player's groups, a new group, and joining by a pasted link. */
export function GroupsView() {
  const { t } = useT();
  const groups = useMyGroups();
  return (
    <div className="grid gap-4 lg:grid-cols-3 [&>*]:min-w-0">
      <div className="lg:col-span-2">
        <QueryState query={groups} errorText={t('groups.loadFailed')}>
          {(list) => <GroupList groups={list} />}
        </QueryState>
      </div>
      <div className="space-y-4">
        <CreateGroup />
        <JoinByLink />
      </div>
    </div>
  );
}

function GroupList({ groups }: { groups: MyGroup[] }) {
  const { t } = useT();
  if (groups.length === 0) {
    return (
      <section className="card text-center">
        <Users className="mx-auto size-12 text-foam-400" aria-hidden />
        <p className="mt-3 text-xl font-bold">{t('groups.none')}</p>
        <p className="mt-1 text-foam-200">{t('groups.noneHint')}</p>
      </section>
    );
  }
  return (
    <ul className="space-y-3">
      {groups.map((group) => (
        <li key={group.id}>
          <GroupCard group={group} size="large" testId="group-card">
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="max-w-full min-w-0 truncate text-lg font-black">{group.name}</span>
                <RoleBadge role={group.role} />
              </span>
              <span className="block text-sm text-foam-200">
                {t('groups.memberCount', { count: group.members })}
              </span>
            </span>
          </GroupCard>
        </li>
      ))}
    </ul>
  );
}

function CreateGroup() {
  const { t } = useT();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [emoji, setEmoji] = useState('');
  const create = useCreateGroup();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = emoji.trim() ? { name, emoji: emoji.trim() } : { name };
    create.mutate(body, { onSuccess: ({ id }) => navigate(`/groups/${id}`) });
  };
  return (
    <form className="card space-y-3" onSubmit={submit} aria-labelledby="create-group-title">
      <h2 id="create-group-title" className="text-xl font-black">
        {t('groups.create')}
      </h2>
      <div className="flex gap-2">
        <label className="w-20 shrink-0">
          <span className="field-label">{t('groups.emoji')}</span>
          <input
            className="field-input text-center text-xl"
            value={emoji}
            placeholder={DEFAULT_GROUP_EMOJI}
            onChange={(event) => setEmoji(event.target.value)}
          />
        </label>
        <label className="min-w-0 flex-1">
          <span className="field-label">{t('groups.name')}</span>
          <input
            className="field-input"
            value={name}
            required
            minLength={3}
            maxLength={40}
            placeholder={t('groups.namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
      </div>
      {create.isError && (
        <p role="alert" className="banner-error">
          {errorMessage(create.error, t('groups.actionFailed'))}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={create.isPending}>
        {t('groups.createButton')}
      </button>
    </form>
  );
}

const TOKEN_IN_LINK = new RegExp(`/groups/(join|claim)/([A-Za-z0-9_-]{${GROUP_TOKEN_LENGTH}})`);

/** A pasted invite (or claim) link opens its link page, which says what it is and joins. */
function JoinByLink() {
  const { t } = useT();
  const [, navigate] = useLocation();
  const [link, setLink] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const match = TOKEN_IN_LINK.exec(link.trim());
    if (!match) {
      setInvalid(true);
      return;
    }
    navigate(`/groups/${match[1]}/${match[2]}`);
  };
  return (
    <form className="card space-y-3" onSubmit={submit} aria-labelledby="join-group-title">
      <h2 id="join-group-title" className="text-xl font-black">
        {t('groups.join')}
      </h2>
      <label className="block">
        <span className="field-label">{t('groups.pasteLink')}</span>
        <input
          className={`field-input ${invalid ? 'field-input-invalid' : ''}`}
          value={link}
          required
          placeholder={t('groups.pastePlaceholder')}
          onChange={(event) => {
            setLink(event.target.value);
            setInvalid(false);
          }}
        />
      </label>
      {invalid && (
        <p role="alert" className="banner-error">
          {t('error.INVALID_GROUP_LINK')}
        </p>
      )}
      <button type="submit" className="btn-secondary w-full">
        {t('groups.openLink')}
      </button>
    </form>
  );
}
