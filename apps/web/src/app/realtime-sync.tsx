import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { toast } from 'react-toastify';
import type { ServerToBrowserMap, ServerToBrowserType } from '@beerscale/contract/browser-socket';
import { TOAST_CANCEL_MS } from '@beerscale/contract/limits';
import { activeFastGameQueryOptions } from '../features/fast-game/api/active-fast-game';
import { homeQueryOptions } from '../features/home/api/home';
import { myInvitationsQueryOptions } from '../features/invitations/api/my-invitations';
import {
  createInvitationNotices,
  type InvitationNotices,
} from '../features/invitations/invitation-notices';
import { leaderboardQueryOptions } from '../features/leaderboard/api/leaderboard';
import { gameStateQueryOptions, storeGameState } from '../features/live/api/game-state';
import { rankedQueryKey } from '../features/ranked/api/queries';
import { useSession } from '../lib/session-context';
import type { SocketClient } from '../lib/socket-client';
import { forgetGameId, STORAGE_KEYS, write } from '../lib/storage';
import { FAST_GAME_NAME, gameName } from '../i18n/game-name';
import { t } from '../i18n/use-t';

type Reactions = { [K in ServerToBrowserType]?: (message: ServerToBrowserMap[K]) => void };

interface Deps {
  queryClient: QueryClient;
  navigate: (to: string) => void;
  invitations: InvitationNotices;
  /** Where the router is: /live shows a completed game's results itself. */
  path?: () => string;
}

/**
 * What each server message does to the cache, the toasts and the saved game id
 * (docs/ARCHITECTURE.md, Live channel and presence; Timings and texts). The features own their keys
 * and notices; this table is the one place that says which message touches which.
 */
function reactions({ queryClient, navigate, invitations, path }: Deps): Reactions {
  const refresh = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });
  // The lobby, its invites and the search results (a player's status changes with the lobby).
  const refreshLobby = () => refresh(rankedQueryKey);
  /** The reader is out of that game: its saved id, its invitations and the lobby follow. */
  const outOf = (gameId: number) => {
    forgetGameId(gameId);
    invitations.dismissGame(gameId);
    refreshLobby();
  };

  return {
    GAME_STATE: ({ game }) => storeGameState(queryClient, game),
    GAME_COMPLETED: (m) => {
      // On /live the results are the screen: a toast there covered their heading.
      if (path?.() !== '/live') {
        const known = queryClient.getQueryData(gameStateQueryOptions(m.gameId).queryKey)?.mode;
        // A fast game moves no rating: its toast must not send the player to a new ELO.
        const fast = known ? known === 'fast' : m.gameName === FAST_GAME_NAME;
        const text = fast ? 'toast.fastGameCompleted' : 'toast.gameCompleted';
        toast.info(t(text, { name: gameName(m.gameName) }));
      }
      forgetGameId(m.gameId);
      write(STORAGE_KEYS.lastGameId, String(m.gameId));
      // Every figure the result changes, and the ranked lobby, which clears like on
      // GAME_DELETED; the live view keeps showing the finished game.
      refresh(gameStateQueryOptions(m.gameId).queryKey);
      refresh(activeFastGameQueryOptions().queryKey);
      refreshLobby();
      refresh(homeQueryOptions().queryKey);
      refresh(leaderboardQueryOptions().queryKey);
    },
    GAME_INVITATION: (m) =>
      invitations.show({
        invitationId: m.invitationId,
        gameId: m.gameId,
        gameName: m.gameName,
        inviterName: m.inviter.playerName,
      }),
    INVITATION_CANCELLED: (m) => invitations.withdrawn(m.gameId, m.invitationId),
    INVITATION_RESPONSE: (m) => {
      toast.info(t('toast.invitationResponse', { player: m.playerName, status: m.status }));
      refreshLobby();
    },
    GAME_DELETED: (m) => {
      toast.info(t('toast.gameCancelledByLeader', { name: m.gameName }), {
        autoClose: TOAST_CANCEL_MS,
      });
      outOf(m.gameId);
    },
    PLAYER_KICKED: (m) => {
      toast.error(t('toast.youWereKicked'));
      outOf(m.gameId);
    },
    PLAYER_KICKED_NOTIFICATION: (m) => {
      toast.info(t('toast.playerKicked', { player: m.playerName }));
      refreshLobby();
    },
    PARTICIPANTS_UPDATED: refreshLobby,
    PLAYER_JOINED: refreshLobby,
    PLAYER_LEFT: refreshLobby,
    // The scale refused what it was told (or never answered): the leader can act on it.
    // A scale may give no reason (or one of hidden characters only, cleaned to nothing).
    SCALE_NACK: (m) =>
      toast.error(
        m.error === ''
          ? t('notice.scaleNackNoReason', { mac: m.macAddress, command: m.command })
          : t('notice.scaleNack', { mac: m.macAddress, command: m.command, error: m.error }),
      ),
    RANKED_GAME_STARTED: (m) => {
      toast.info(t('toast.rankedHasStarted'));
      write(STORAGE_KEYS.currentGameId, String(m.gameId));
      refreshLobby();
      navigate('/live');
    },
  };
}

/** Subscribes every reaction to the socket; returns the unsubscribe. */
export function subscribeRealtime(socket: Pick<SocketClient, 'on'>, deps: Deps): () => void {
  const table = reactions(deps);
  const subscribe = <K extends ServerToBrowserType>(type: K) =>
    socket.on(type, (message) => table[type]?.(message));
  const offs = (Object.keys(table) as ServerToBrowserType[]).map(subscribe);
  return () => offs.forEach((off) => off());
}

/**
 * The session's one realtime sync, mounted once by the protected shell: the socket's events,
 * and the invitations that arrived while no page was open.
 */
export function useRealtimeSync(): void {
  const { socket } = useSession();
  const queryClient = useQueryClient();
  const [pathname, navigate] = useLocation();
  // The subscription lives as long as the session; it must not restart when navigate changes.
  const latestNavigate = useRef(navigate);
  const latestPath = useRef(pathname);
  useEffect(() => {
    latestNavigate.current = navigate;
    latestPath.current = pathname;
  });

  useEffect(() => {
    const invitations = createInvitationNotices();
    const stop = subscribeRealtime(socket, {
      queryClient,
      navigate: (to) => void latestNavigate.current(to),
      invitations,
      path: () => latestPath.current,
    });
    queryClient
      .fetchQuery(myInvitationsQueryOptions())
      .then((waiting) =>
        waiting.forEach((i) =>
          invitations.show({
            invitationId: i.id,
            gameId: i.gameId,
            gameName: i.gameName,
            inviterName: i.inviter.playerName,
          }),
        ),
      )
      .catch(() => {
        // The live event will bring the next one.
      });
    return stop;
  }, [socket, queryClient]);
}
