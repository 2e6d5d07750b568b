import {
  DISPLAY_TEXT_MAX,
  type DeviceGame,
  type ServerToDevice,
} from '@beerscale/contract/device-socket';
import type { Language } from '@beerscale/contract/profile';
import { renderLines, type DisplayLine } from '../game/play/engine/display-lines';
import type { BusEvents, DisplayFact } from '../realtime/bus-events';
import type { EventBus } from '../realtime/event-bus';
import { nextCmdId } from './command-ids';

/** The idle screen's text in English (the tests read it); worded per language like the rest. */
export const IDLE_TEXT = renderLines([{ key: 'ready', params: {} }], 'en');
const screen = (phase: 'IDLE' | 'CANCELLED', ...lines: DisplayLine[]): DisplayFact => ({
  phase,
  lines,
});
const waitingScreen = (game: string) => screen('IDLE', { key: 'waiting', params: { game } });

/** What the notifier needs of the gateway: this instance's connected scales. */
export interface DeviceOutlet {
  isConnected(mac: string): boolean;
  sendCommand(mac: string, command: ServerToDevice): boolean;
  /**
   * A scale was just sent WELCOME (with the game on it): the listener runs before anything else
   * can reach the scale, so what it sends follows WELCOME directly.
   */
  onWelcome(listener: (mac: string, game: DeviceGame) => void): () => void;
}

export interface NotifierSources {
  /** The language of a game's leader: the scale's texts follow it. */
  leaderLanguage(gameId: number): Promise<Language>;
  /** What a scale's device is told its settings are. */
  deviceSettings(mac: string): Promise<Record<string, string>>;
  /**
   * The language of the scale's owner: the idle screen of a scale that no game has spoken to
   * yet (it said "Ready: set up a game in the app" in English to a German table).
   */
  ownerLanguage?(mac: string): Promise<Language | null>;
}

/**
 * The one translator from bus facts to device commands (CONFIGURE, START, DISPLAY, SETTINGS).
 * Every instance hears every fact; only the one holding the scale's socket acts. What it sends
 * to one scale keeps the order of the facts, though texts wait for the leader's language.
 */
export class DeviceNotifier {
  private readonly queues = new Map<string, Promise<void>>();
  /** The language of each scale's game leader, as last looked up (the idle screen keeps it). */
  private readonly languageOnScale = new Map<string, Language>();

  constructor(
    private readonly bus: EventBus,
    private readonly devices: DeviceOutlet,
    private readonly sources: NotifierSources,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): () => void {
    const on = <K extends keyof BusEvents>(
      type: K,
      mac: (event: BusEvents[K]) => string | null,
      commands: (event: BusEvents[K], mac: string) => Promise<ServerToDevice[]>,
    ) =>
      this.bus.subscribe(type, (event) => {
        const target = mac(event);
        if (target && this.devices.isConnected(target)) {
          this.enqueue(target, () => commands(event, target));
        }
      });
    const offs = [
      this.devices.onWelcome((mac, game) => this.afterWelcome(mac, game)),
      on(
        'game.configured',
        (e) => e.mac,
        async (e, mac) => [
          {
            type: 'CONFIGURE',
            cmdId: nextCmdId(),
            gameId: e.gameId,
            containerType: e.containerType,
            players: e.players,
          },
          ...(e.waiting ? [await this.display(mac, e.gameId, waitingScreen(e.gameName))] : []),
        ],
      ),
      on(
        'game.started',
        (e) => e.mac,
        async (e) => [{ type: 'START', cmdId: nextCmdId(), gameId: e.gameId }],
      ),
      on(
        'game.stepped',
        (e) => e.mac,
        (e, mac) => this.displays(mac, e.gameId, e.displays),
      ),
      on(
        'game.completed',
        (e) => e.mac,
        (e, mac) => this.displays(mac, e.gameId, e.displays),
      ),
      on(
        'game.cancelled',
        (e) => e.mac,
        async (e, mac) => [this.cancelled(mac, e.gameName)],
      ),
      on(
        'lobby.cancelled',
        (e) => e.scaleMac,
        async (e, mac) => [this.cancelled(mac, e.gameName)],
      ),
      on(
        'scale.resumed',
        (e) => e.mac,
        async (e, mac) => {
          if (e.setUp) {
            return [await this.display(mac, e.setUp.gameId, waitingScreen(e.setUp.gameName))];
          }
          if (e.gameId === null) {
            await this.learnOwnerLanguage(mac);
            return [this.translated(mac, screen('IDLE', { key: 'ready', params: {} }))];
          }
          return e.display ? [await this.display(mac, e.gameId, e.display)] : [];
        },
      ),
      on(
        'scale.settings-changed',
        (e) => e.mac,
        async (_e, mac) => [
          {
            type: 'SETTINGS',
            cmdId: nextCmdId(),
            settings: await this.sources.deviceSettings(mac),
          },
        ],
      ),
    ];
    return () => offs.forEach((off) => off());
  }

  /**
   * What the scale was told before WELCOME may be lost: the game on it is said again as
   * commands, at once (WELCOME, CONFIGURE, START; the DISPLAY follows from `scale.resumed`).
   */
  private afterWelcome(mac: string, game: DeviceGame): void {
    if (!game) return;
    const { gameId, containerType, players, started } = game;
    this.devices.sendCommand(mac, {
      type: 'CONFIGURE',
      cmdId: nextCmdId(),
      gameId,
      containerType,
      players,
    });
    if (started) this.devices.sendCommand(mac, { type: 'START', cmdId: nextCmdId(), gameId });
  }

  /** Commands for one scale go out in the order their facts arrived. */
  private enqueue(mac: string, build: () => Promise<ServerToDevice[]>): void {
    const previous = this.queues.get(mac) ?? Promise.resolve();
    const next = previous
      .then(build)
      .then((commands) => commands.forEach((command) => this.devices.sendCommand(mac, command)))
      .catch(this.onError);
    this.queues.set(mac, next);
    void next.finally(() => {
      if (this.queues.get(mac) === next) this.queues.delete(mac);
    });
  }

  private async displays(mac: string, gameId: number, displays: DisplayFact[]) {
    if (displays.length === 0) return [];
    await this.learnLanguage(mac, gameId);
    return displays.map((d) => this.translated(mac, d));
  }

  private async display(mac: string, gameId: number, display: DisplayFact) {
    await this.learnLanguage(mac, gameId);
    return this.translated(mac, display);
  }

  /** A game that ended without results: its name must not stay on the screen as if it ran. */
  private cancelled(mac: string, gameName: string): ServerToDevice {
    const game = gameName;
    return this.translated(mac, screen('CANCELLED', { key: 'cancelled', params: { game } }));
  }

  private async learnLanguage(mac: string, gameId: number): Promise<void> {
    this.languageOnScale.set(mac, await this.sources.leaderLanguage(gameId));
  }

  /** A scale whose last game's leader is not known reads its owner's language. */
  private async learnOwnerLanguage(mac: string): Promise<void> {
    if (this.languageOnScale.has(mac) || !this.sources.ownerLanguage) return;
    const language = await this.sources.ownerLanguage(mac);
    if (language) this.languageOnScale.set(mac, language);
  }

  private translated(mac: string, display: DisplayFact): ServerToDevice {
    const { lines, ...shown } = display;
    // What a scale's screen is promised to get: whole sentences, the instruction first (a long
    // line-up's winners would overflow it).
    const text = renderLines(lines, this.languageOnScale.get(mac) ?? 'en', DISPLAY_TEXT_MAX);
    return { type: 'DISPLAY', ...shown, text };
  }
}
