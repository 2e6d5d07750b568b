import type { Locator, Page } from '@playwright/test';

/** A phone's screen in CSS pixels (an iPhone 12-15), where the layout checks run. */
export const PHONE = { width: 390, height: 844 };

/**
 * The boxes, from `element` up to <body>, whose content is wider than the box itself (a word
 * that does not fit, a row pushed past its card): empty when everything fits.
 */
export function overflowingBoxes(element: Locator): Promise<string[]> {
  return element.evaluate((start) => {
    const found: string[] = [];
    for (
      let node: Element | null = start;
      node && node !== document.body;
      node = node.parentElement
    ) {
      if (node.scrollWidth > node.clientWidth) {
        found.push(`<${node.tagName.toLowerCase()}> ${node.scrollWidth} > ${node.clientWidth}`);
      }
    }
    return found;
  });
}

/** How much wider than the window the page is (0: no horizontal scrolling). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** How many lines a piece of text takes on screen. */
export function lineCount(text: Locator): Promise<number> {
  return text.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return tops.size;
  });
}

/** The smallest target a finger hits reliably (WCAG 2.5.5, Apple's and Google's guidance). */
export const MIN_TAP = 44;

/** Width and height of a control on screen, rounded to whole pixels. */
export async function tapSize(control: Locator): Promise<{ width: number; height: number }> {
  const box = await control.boundingBox();
  if (!box) throw new Error('the control is not on screen');
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

/**
 * Scrolls to the end of the page and tells how far the page's content reaches below the top of
 * the phone's fixed bottom navigation (0 or less: nothing lies under the bar).
 */
export async function depthUnderBottomNav(page: Page): Promise<number> {
  return page.evaluate(() => {
    window.scrollTo(0, document.scrollingElement!.scrollHeight);
    const navTop = document.querySelector('[data-bottom-nav]')!.getBoundingClientRect().top;
    let bottom = 0;
    for (const element of document.querySelectorAll('main *')) {
      const box = element.getBoundingClientRect();
      if (box.height > 0) bottom = Math.max(bottom, box.bottom);
    }
    return Math.ceil(bottom - navTop);
  });
}

/** The element and every box inside it whose content is wider than the box (overlapping text). */
export function overflowingInside(element: Locator): Promise<string[]> {
  return element.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((node) => node.scrollWidth > node.clientWidth)
      .map(
        (node) =>
          `<${node.tagName.toLowerCase()}> "${node.textContent}" ${node.scrollWidth} > ${node.clientWidth}`,
      ),
  );
}

/** How much wider an input's placeholder is than the room for text inside the input (≤ 0: fits). */
export function placeholderOverflow(input: Locator): Promise<number> {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element, '::placeholder');
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    context.letterSpacing = style.letterSpacing === 'normal' ? '0px' : style.letterSpacing;
    const box = getComputedStyle(element);
    const room = element.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
    return Math.ceil(context.measureText(element.placeholder).width - room);
  });
}

/**
 * The WCAG contrast ratio of an input's placeholder against what lies behind it: the
 * backgrounds of the input and its ancestors painted in order on a one-pixel canvas, then the
 * placeholder's colour over them (gradients and images are left out: only colours).
 */
export function placeholderContrast(input: Locator): Promise<number> {
  return input.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const layers: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      layers.unshift(getComputedStyle(node).backgroundColor);
    }
    const paint = (color: string) => {
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 1, 1);
    let background = [255, 255, 255];
    for (const layer of layers) background = paint(layer);
    const text = paint(getComputedStyle(element, '::placeholder').color);
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [light = 0, dark = 0] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100;
  });
}
