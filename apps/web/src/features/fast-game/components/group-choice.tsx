import type { GroupDetail, MyGroup } from '@beerscale/contract/groups';
import { MemberChip } from '../../../components/member-chip';
import { useT } from '../../../i18n/use-t';

/** The group a game is played for: none (a casual game) or one of the player's groups. */
export function GroupSelect({
  groups,
  value,
  onChange,
  disabled,
}: {
  groups: MyGroup[];
  value: number | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
}) {
  const { t } = useT();
  return (
    <label className="block">
      <span className="field-label">{t('groups.setup.group')}</span>
      <select
        className="field-input"
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{t('groups.setup.noGroup')}</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.emoji ? `${group.emoji} ` : ''}
            {group.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The group's other members as chips: a tap puts one in the line-up or takes them out. */
export function MemberChips({
  group,
  chosen,
  onToggle,
  disabled,
}: {
  group: GroupDetail;
  chosen: number[];
  onToggle: (memberId: number) => void;
  disabled?: boolean;
}) {
  const { t } = useT();
  const others = group.members.filter((member) => member.memberId !== group.memberId);
  if (others.length === 0) return null;
  return (
    <fieldset disabled={disabled}>
      <legend className="field-label">{t('groups.setup.members')}</legend>
      <div className="flex flex-wrap gap-2">
        {others.map((member) => (
          <MemberChip
            key={member.memberId}
            name={member.name}
            on={chosen.includes(member.memberId)}
            onToggle={() => onToggle(member.memberId)}
            note={member.role === 'guest' && t('groups.role.guest')}
          />
        ))}
      </div>
      <p className="mt-1.5 text-xs text-foam-400">{t('groups.setup.passersBy')}</p>
    </fieldset>
  );
}
