import { useEffect, useState } from 'react';

/** Where a field being typed in lies: in the top or the bottom half of the visible screen. */
export type FieldHalf = 'top' | 'bottom';

const isField = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement &&
  (element.matches('input, textarea, select') || element.isContentEditable);

/** The half of the visible screen (the visual viewport: above a phone's keyboard) holding `field`. */
export function halfOf(field: Element): FieldHalf {
  const box = field.getBoundingClientRect();
  const viewport = window.visualViewport;
  const top = viewport?.offsetTop ?? 0;
  const height = viewport?.height ?? window.innerHeight;
  return (box.top + box.bottom) / 2 - top < height / 2 ? 'top' : 'bottom';
}

/**
 * The half of the screen where the focused field is, or null when none is focused: what floats
 * over the page (toasts, the penalty news) goes to the other half, so it never hides the field
 * being typed in (the caller's amount on the leader's phone was covered). Followed through
 * focus changes, scrolling and the keyboard opening (the visual viewport's resize).
 */
export function useFocusedFieldHalf(): FieldHalf | null {
  const [half, setHalf] = useState<FieldHalf | null>(null);
  useEffect(() => {
    const update = () => {
      const focused = document.activeElement;
      setHalf(isField(focused) ? halfOf(focused) : null);
    };
    // focusout fires before the next field's focusin: the state then says where the new one is.
    const later = () => queueMicrotask(update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    window.visualViewport?.addEventListener('resize', update);
    update();
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      window.visualViewport?.removeEventListener('resize', update);
    };
  }, []);
  return half;
}
