import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallerAmountForm } from './caller-amount-form';
import type { GramsSent } from './grams-entry';

// The caller's amount as /live and the caller's seat both ask for it (features/live
// rules-actions.tsx, features/seats seat-view.tsx): the range, the refusal, what is sent.

afterEach(cleanup);

const OUT_OF_RANGE = 'The amount must be a whole number of grams between 10 and 100';

function show({ busy = false, stackOnPhone = false } = {}) {
  const onCall = vi.fn<(amount: number, sent: GramsSent) => void>();
  render(
    <CallerAmountForm
      id="amount"
      label="Amount to drink for Bob (g)"
      busy={busy}
      stackOnPhone={stackOnPhone}
      onCall={onCall}
    />,
  );
  const field = screen.getByLabelText('Amount to drink for Bob (g)') as HTMLInputElement;
  const call = (text: string) => {
    fireEvent.change(field, { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Call it' }));
  };
  return { onCall, field, call };
}

describe('CallerAmountForm', () => {
  it('shows the range as the hint', () => {
    const { field } = show();
    expect(field.placeholder).toBe('10–100 g');
    expect(field.inputMode).toBe('numeric');
  });

  it('refuses what is no whole number from 10 to 100 and sends nothing', () => {
    const { onCall, call } = show();
    for (const text of ['', '   ', '9', '101', '40.5', '4e1x', 'forty', '-40']) {
      call(text);
      expect(screen.getByRole('alert').textContent).toBe(OUT_OF_RANGE);
    }
    expect(onCall).not.toHaveBeenCalled();
  });

  it('sends the limits themselves and a trimmed amount, and clears a refusal shown before', () => {
    const { onCall, call } = show();
    call('5');
    expect(screen.getByRole('alert')).toBeTruthy();
    call(' 10 ');
    expect(screen.queryByRole('alert')).toBeNull();
    call('100');
    expect(onCall.mock.calls.map(([amount]) => amount)).toEqual([10, 100]);
  });

  it('keeps the amount typed until the sender clears it, and shows the refusal it names', () => {
    const { onCall, field, call } = show();
    call('40');
    expect(field.value).toBe('40');
    const sent = onCall.mock.calls[0]![1];
    act(() => sent.refuse('The round has already been called'));
    expect(screen.getByRole('alert').textContent).toBe('The round has already been called');
    act(() => sent.clear());
    expect(field.value).toBe('');
  });

  it('cannot be sent while busy', () => {
    show({ busy: true });
    expect((screen.getByRole('button', { name: 'Call it' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('stacks the field over the button on a phone only where asked', () => {
    const { field } = show({ stackOnPhone: true });
    expect(field.closest('form')!.className).toBe('flex flex-col gap-2 sm:flex-row sm:items-end');
    cleanup();
    const side = show();
    expect(side.field.closest('form')!.className).toBe('flex items-end gap-2');
  });
});
