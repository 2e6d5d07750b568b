import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, UserX } from 'lucide-react';
import { toast } from 'react-toastify';
import type { LobbyAbilities, Participant } from '@beerscale/contract/games';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { lobbyCalls, useLobbyAction } from '../api/mutations';
import { useParticipantOrder } from '../api/participant-order';
import { formatElo } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';

interface Props {
  gameId: number;
  participants: Participant[];
  /** The lobby's abilities: the turn order and whom to remove (the reply's `can`). */
  can: Pick<LobbyAbilities, 'reorder' | 'kick'>;
}

/** The turn order: the leader drags (pointer, touch or keyboard) and the server pushes it on. */
export function ParticipantList({ gameId, participants, can }: Props) {
  const { user } = useSession();
  const { t } = useT();
  const sendOrder = useParticipantOrder(gameId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = participants.findIndex((p) => p.id === active.id);
    const to = participants.findIndex((p) => p.id === over.id);
    sendOrder(arrayMove(participants, from, to).map((p, position) => ({ ...p, position })));
  }

  const list = (
    <ol className="space-y-2" aria-label={t('ranked.participants')}>
      {participants.map((p, index) => (
        <Row
          key={p.id}
          gameId={gameId}
          participant={p}
          index={index}
          you={p.id === user?.id}
          sortable={can.reorder}
          canKick={can.kick.includes(p.id)}
        />
      ))}
    </ol>
  );
  if (!can.reorder) return list;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={dragTexts(t, (id) => participants.find((p) => p.id === id)?.playerName ?? '')}
    >
      <SortableContext items={participants.map((p) => p.id)} strategy={verticalListSortingStrategy}>
        {list}
      </SortableContext>
    </DndContext>
  );
}

/**
 * What a screen reader hears while the order is dragged, in the reader's language (@dnd-kit's
 * own are English): the player's name and the place they would take.
 */
function dragTexts(
  t: ReturnType<typeof useT>['t'],
  nameOf: (id: UniqueIdentifier) => string,
): { announcements: Announcements; screenReaderInstructions: { draggable: string } } {
  const over = (id: UniqueIdentifier | undefined) => (id === undefined ? '' : nameOf(id));
  return {
    screenReaderInstructions: { draggable: t('ranked.drag.instructions') },
    announcements: {
      onDragStart: ({ active }) => t('ranked.drag.start', { name: nameOf(active.id) }),
      onDragOver: ({ active, over: target }) =>
        target
          ? t('ranked.drag.over', { name: nameOf(active.id), other: over(target.id) })
          : t('ranked.drag.away', { name: nameOf(active.id) }),
      onDragEnd: ({ active, over: target }) =>
        target
          ? t('ranked.drag.end', { name: nameOf(active.id), other: over(target.id) })
          : t('ranked.drag.cancel', { name: nameOf(active.id) }),
      onDragCancel: ({ active }) => t('ranked.drag.cancel', { name: nameOf(active.id) }),
    },
  };
}

function Row({
  gameId,
  participant: p,
  index,
  you,
  sortable,
  canKick,
}: {
  gameId: number;
  participant: Participant;
  index: number;
  you: boolean;
  sortable: boolean;
  canKick: boolean;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: p.id,
    disabled: !sortable,
  });
  const action = useLobbyAction();
  const { t } = useT();
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-xl border border-malt-700 bg-malt-800/70 px-3 py-2 sm:gap-3 ${isDragging ? 'z-10 shadow-xl ring-2 ring-amber-400' : ''}`}
    >
      {sortable && (
        <button
          type="button"
          className="-ml-2 grid size-11 shrink-0 cursor-grab touch-none place-items-center rounded-xl text-foam-400 hover:bg-malt-700"
          aria-label={t('ranked.move', { name: p.playerName })}
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-5" aria-hidden />
        </button>
      )}
      <span className="w-5 shrink-0 text-center font-bold text-foam-400">{index + 1}</span>
      {/* Name, tags and rating share a column: where the row is narrow, the rating wraps under. */}
      <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-1">
        <span className="font-semibold">{p.playerName}</span>
        {you && <span className="text-sm text-amber-300">{t('ranked.you')}</span>}
        {p.isLeader && <span className="text-sm text-foam-400">{t('ranked.leader')}</span>}
        <span className="ml-auto pl-2 text-sm tabular-nums text-foam-200">
          {formatElo(p.currentElo)}
        </span>
      </span>
      {canKick && (
        <button
          type="button"
          // An icon on phones, where the word (German's is long) pushed it out of the row.
          className="btn-danger min-h-11 min-w-11 shrink-0 px-0 text-sm sm:px-3"
          onClick={() =>
            action.mutate(lobbyCalls.kick(gameId, p.id), {
              onError: (err) => toast.error(errorMessage(err, t('error.KICK_PLAYER'))),
            })
          }
        >
          <UserX className="size-5 sm:hidden" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('ranked.kick')}</span>
        </button>
      )}
    </li>
  );
}
