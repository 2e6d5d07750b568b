import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../../lib/use-socket-event';

/** Keeps the open lobby fresh; the notices themselves are app-wide (features/invitations). */
export function useLobbyEvents(gameId: number | null): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['ranked'] });
  useSocketEvent('PARTICIPANTS_UPDATED', (m) => m.gameId === gameId && refresh());
  useSocketEvent('PLAYER_JOINED', (m) => m.gameId === gameId && refresh());
  useSocketEvent('PLAYER_LEFT', (m) => m.gameId === gameId && refresh());
  useSocketEvent('INVITATION_RESPONSE', (m) => m.gameId === gameId && refresh());
}
