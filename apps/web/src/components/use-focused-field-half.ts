import { useEffect, useState } from 'react';

/** Where a field being typed in lies: in the top or the bottom half of the visible screen. */
export type FieldHalf = 'top' | 'bottom';

const isField = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement &&
  (element.matches('input, textarea, select') || element.isContentEditable);

/** The visible screen: the visual viewport (above a phone's keyboard), else the window. */
function screenBand(): { top: number; height: number } {
  const viewport = window.visualViewport;
  return { top: viewport?.offsetTop ?? 0, height: viewport?.height ?? window.innerHeight };
}

/** The half of the visible screen (the visual viewport: above a phone's keyboard) holding `field`. */
export function halfOf(field: Element): FieldHalf {
  const box = field.getBoundingClientRect();
  const { top, height } = screenBand();
  return (box.top + box.bottom) / 2 - top < height / 2 ? 'top' : 'bottom';
}

/** The page's own fields (not the header's language choice, nor anything floating over it). */
const PAGE_FIELDS = 'main input:not([type="hidden"]), main textarea, main select';

/**
 * The half of the visible screen that the page's fields on screen take, with what belongs to
 * them (a field's form: its label and its button), or null when no field is on screen. Fields
 * in both halves count by the screen height each half's fields take.
 */
export function visibleFieldsHalf(): FieldHalf | null {
  const { top, height } = screenBand();
  const taken = { top: 0, bottom: 0 };
  for (const field of document.querySelectorAll(PAGE_FIELDS)) {
    const box = (field.closest('form') ?? field).getBoundingClientRect();
    const from = Math.max(box.top - top, 0);
    const to = Math.min(box.bottom - top, height);
    if (box.width === 0 || to <= from) continue;
    taken.top += Math.max(0, Math.min(to, height / 2) - from);
    taken.bottom += Math.max(0, to - Math.max(from, height / 2));
  }
  if (taken.top === 0 && taken.bottom === 0) return null;
  return taken.top >= taken.bottom ? 'top' : 'bottom';
}

/**
 * The half of the screen where the fields in use are: the focused field's, else that of the
 * page's fields on screen; null when there are none. What floats over the page (toasts, the
 * penalty news) goes to the other half, so it never hides a field: the caller's amount on the
 * leader's phone was covered by the news while nobody had tapped it yet (issue 44 item 6).
 * Followed through focus changes, scrolling, the keyboard opening (the visual viewport's
 * resize) and the page's changes (a field appearing with a new phase).
 */
export function useFocusedFieldHalf(): FieldHalf | null {
  const [half, setHalf] = useState<FieldHalf | null>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      const focused = document.activeElement;
      setHalf(isField(focused) ? halfOf(focused) : visibleFieldsHalf());
    };
    // Page changes come in bursts (a snapshot re-renders much): measured once per frame.
    const soon = () => {
      if (frame === 0) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          update();
        });
      }
    };
    // focusout fires before the next field's focusin: the state then says where the new one is.
    const later = () => queueMicrotask(update);
    const changes = new MutationObserver(soon);
    changes.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    window.visualViewport?.addEventListener('resize', update);
    update();
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      changes.disconnect();
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      window.visualViewport?.removeEventListener('resize', update);
    };
  }, []);
  return half;
}
