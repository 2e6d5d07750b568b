import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusedFieldHalf, visibleFieldsHalf } from './use-focused-field-half';

// What floats over a page (toasts, the penalty news) keeps off the fields on screen: the half
// they take is the half to avoid, the focused field's first (issue 44 item 6: the news covered
// the caller's amount on the leader's phone before anyone had tapped it).

/** Puts `element` at `top`..`bottom` of the test window (768 px high), 390 px wide. */
function placeAt(element: Element, top: number, bottom: number) {
  element.getBoundingClientRect = () =>
    ({ top, bottom, left: 0, right: 390, width: 390, height: bottom - top }) as DOMRect;
}

function Probe() {
  const half = useFocusedFieldHalf();
  return <output data-testid="half">{half ?? 'none'}</output>;
}

afterEach(cleanup);

describe('the half of the screen the fields take', () => {
  it("is the half of the page's fields on screen, with their form", () => {
    render(
      <main>
        <form data-testid="call">
          <input aria-label="Amount" />
          <button type="submit">Call it</button>
        </form>
      </main>,
    );
    expect(innerHeight).toBe(768);
    placeAt(screen.getByTestId('call'), 600, 760);
    expect(visibleFieldsHalf()).toBe('bottom');
    placeAt(screen.getByTestId('call'), 80, 300);
    expect(visibleFieldsHalf()).toBe('top');
    // Scrolled away: no field on screen.
    placeAt(screen.getByTestId('call'), 900, 1000);
    expect(visibleFieldsHalf()).toBeNull();
  });

  it("leaves out what is not the page's own (the header's language choice)", () => {
    render(
      <>
        <header>
          <select aria-label="Language" />
        </header>
        <main>
          <p>Nothing to type</p>
        </main>
      </>,
    );
    placeAt(screen.getByLabelText('Language'), 10, 50);
    expect(visibleFieldsHalf()).toBeNull();
  });

  it('follows the focused field first, and the fields on screen otherwise', () => {
    render(
      <main>
        <Probe />
        <input aria-label="Top" />
        <form data-testid="low">
          <input aria-label="Low" />
        </form>
      </main>,
    );
    placeAt(screen.getByLabelText('Top'), 100, 140);
    placeAt(screen.getByTestId('low'), 500, 760);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(screen.getByTestId('half').textContent).toBe('bottom');
    act(() => screen.getByLabelText('Top').focus());
    expect(screen.getByTestId('half').textContent).toBe('top');
  });
});
