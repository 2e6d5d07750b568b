import type { Font } from 'satori';
import { fontsFor } from './card-fonts';

/** A grapheme drawn as a picture: an emoji with its modifiers, joiners and selectors. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const SIZE = 100;

const pictures = new Map<string, Promise<string>>();
const PICTURES_KEPT = 512;

type Satori = (
  tree: never,
  options: { width: number; height: number; fonts: Font[] },
) => Promise<string>;

/**
 * Emoji as pictures for satori's `graphemeImages`, each drawn once from Noto Emoji's outlines in
 * `color` and kept. As text, satori draws a run of emoji in the font of its first one, and
 * Noto Emoji's subsets are a dozen files: a name like "Bier 🍺🎉" drew a box for the 🎉, which
 * is in another file than the 🍺. As a picture, each emoji gets the file that has it.
 */
export async function emojiPictures(
  satori: Satori,
  text: string,
  color: string,
): Promise<Record<string, string>> {
  const found = new Set<string>();
  for (const { segment } of segmenter.segment(text)) if (EMOJI.test(segment)) found.add(segment);
  const entries = await Promise.all(
    [...found].map(async (emoji) => [emoji, await picture(satori, emoji, color)] as const),
  );
  return Object.fromEntries(entries);
}

function picture(satori: Satori, emoji: string, color: string): Promise<string> {
  const key = `${color} ${emoji}`;
  let made = pictures.get(key);
  if (!made) {
    const { fonts, fontFamily } = fontsFor(emoji);
    const tree = {
      type: 'div',
      props: {
        style: {
          display: 'flex',
          width: SIZE,
          height: SIZE,
          alignItems: 'center',
          justifyContent: 'center',
          fontFamily,
          fontSize: SIZE * 0.84,
          color,
        },
        children: emoji,
      },
    };
    made = satori(tree as never, { width: SIZE, height: SIZE, fonts }).then(
      (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    );
    if (pictures.size >= PICTURES_KEPT) pictures.delete(pictures.keys().next().value!);
    pictures.set(key, made);
    made.catch(() => pictures.delete(key));
  }
  return made;
}
