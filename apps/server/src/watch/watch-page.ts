import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GameState } from '@beerscale/contract/game-state';
import type { Language } from '@beerscale/contract/profile';
import { CARD_HEIGHT, CARD_WIDTH } from '../cards/result-card';
import { CARD_TEXTS } from '../cards/card-texts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reader's language: `?lang=`, else the first of Accept-Language we speak, else English. */
export function pageLanguage(request: FastifyRequest): Language {
  const asked = (request.query as { lang?: string } | undefined)?.lang;
  if (asked === 'de' || asked === 'en') return asked;
  const header = String(request.headers['accept-language'] ?? '');
  const first = header
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find((code) => code === 'de' || code === 'en');
  return first === 'de' ? 'de' : 'en';
}

/** The Open Graph tags of a watch link: the game's name and its card (a live card while it runs). */
export function openGraphTags(
  game: GameState,
  language: Language,
  origin: string,
  token: string,
): string {
  const T = CARD_TEXTS[language];
  const name = game.name === 'Fast Game' ? T.fastGame : game.name;
  const winners = game.players.filter((p) => p.rank === 1).map((p) => p.playerName);
  const description =
    game.status === 'completed'
      ? `${T.finalResults}: ${winners.join(' · ')} 🏆`
      : game.status === 'cancelled'
        ? T.cancelled
        : game.round > 0
          ? T.live(game.round, game.roundsPlanned)
          : T.setUp;
  const page = `${origin}/watch/${encodeURIComponent(token)}`;
  const image = `${origin}/api/watch/${encodeURIComponent(token)}/card.png?lang=${language}`;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'beerscale'],
    ['property', 'og:title', `${name} · beerscale`],
    ['property', 'og:description', description],
    ['property', 'og:url', page],
    ['property', 'og:image', image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(CARD_WIDTH)],
    ['property', 'og:image:height', String(CARD_HEIGHT)],
    ['property', 'og:locale', language === 'de' ? 'de_DE' : 'en_GB'],
    ['name', 'twitter:card', 'summary_large_image'],
  ];
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`)
    .join('');
}

/**
 * /watch/{token} as the server sends it: the app's index.html with the game's Open Graph tags,
 * so a watch link pasted into a chat shows a preview (chat apps run no scripts). A link that
 * opens nothing gets the page without them; the app then says so.
 */
export function registerWatchPage(
  app: FastifyInstance,
  webDist: string,
  stateOf: (token: string) => Promise<GameState>,
): void {
  // The table screen has an address of its own (/watch/{token}/table); its preview is the same.
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // Read per request like the static files, so a rebuilt app is served without a restart.
    const html = await readFile(join(webDist, 'index.html'), 'utf8');
    const { token } = request.params as { token: string };
    let tags = '';
    try {
      const game = await stateOf(token);
      const language = pageLanguage(request);
      tags = openGraphTags(game, language, `${request.protocol}://${request.host}`, token);
    } catch {
      // Unknown, expired or malformed: the page itself tells the watcher.
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(tags ? html.replace('</head>', `${tags}</head>`) : html);
  };
  app.get('/watch/:token', page);
  app.get('/watch/:token/table', page);
}
