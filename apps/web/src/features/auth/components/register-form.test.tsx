import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { useVisit } from '../../../lib/router';
import { RouterAt } from '../../../testing/router-at';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { register } from '@beerscale/contract/api/auth';
import { REDIRECT_AFTER_REGISTER_MS } from '@beerscale/contract/limits';
import { DRINK_MESSAGES } from '@beerscale/contract/drinks';
import { ERRORS, VALIDATION } from '@beerscale/contract/messages';
import {
  bodiesSent,
  callsTo,
  entriesCalled,
  refusal,
  serve,
  unreachable,
} from '../../../testing/contract-server';
import { RegisterForm } from './register-form';

function LoginProbe() {
  const { state } = useVisit();
  return <p>{`login page for ${(state as { username?: string } | null)?.username}`}</p>;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterAt url={url}>
        <Switch>
          <Route path="/register">
            <RegisterForm />
          </Route>
          <Route path="/login">
            <LoginProbe />
          </Route>
        </Switch>
      </RouterAt>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register Account' }));

function fillValid() {
  type('Scale MAC Address', 'AABBCCDDEEFF');
  type('Username or Email Address', 'hopfen');
  type('Player Name (max 10)', 'Hops');
  type('Password', 'secret-1');
  type('Confirm Password', 'secret-1');
  fireEvent.click(screen.getByRole('checkbox', { name: 'I am at least 16 years old' }));
}

// Nothing is served unless a test says so: a request the form should not send fails the test.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('MAC address from a device link', () => {
  it.each(['mac', 'macAddress', 'device', 'id'])(
    'is read from ?%s=, cleaned and read-only with a note',
    (key) => {
      renderAt(`/register?${key}=c0:ff:ee:00:00:aa`);
      const mac = field('Scale MAC Address');
      expect(mac.value).toBe('C0FFEE0000AA');
      expect(mac.readOnly).toBe(true);
      expect(screen.getByText('MAC address provided via device link')).toBeTruthy();
      expect(mac.getAttribute('aria-describedby')).toContain('reg-mac-note');
    },
  );

  it('prefers mac over the other parameters', () => {
    renderAt('/register?id=111111111111&mac=AABBCCDDEEFF');
    expect(field('Scale MAC Address').value).toBe('AABBCCDDEEFF');
  });

  it('stays editable without a link, cleaning what is typed', () => {
    renderAt('/register');
    const mac = field('Scale MAC Address');
    expect(mac.readOnly).toBe(false);
    expect(screen.queryByText('MAC address provided via device link')).toBeNull();
    type('Scale MAC Address', 'aa-bb-cc-dd-ee-ff-99');
    expect(mac.value).toBe('AABBCCDDEEFF');
  });

  it('stays editable when the link carries an address that cannot be valid', () => {
    renderAt('/register?mac=abc');
    const mac = field('Scale MAC Address');
    expect(mac.value).toBe('ABC');
    expect(mac.readOnly).toBe(false);
    expect(screen.queryByText('MAC address provided via device link')).toBeNull();
  });
});

describe('validation messages', () => {
  it('marks every invalid field, announces and focuses the first, and sends nothing', () => {
    renderAt('/register');
    type('Username or Email Address', 'a!');
    type('Password', '123');
    type('Confirm Password', '1234');
    submit();
    expect(screen.getByRole('alert').textContent).toBe(VALIDATION.macRequired);
    expect(document.activeElement).toBe(field('Scale MAC Address'));
    expect(screen.getByText(VALIDATION.usernameLength)).toBeTruthy();
    expect(screen.getByText(VALIDATION.playerNameRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.passwordLength)).toBeTruthy();
    expect(screen.getByText(VALIDATION.passwordsDoNotMatch)).toBeTruthy();
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
    expect(entriesCalled()).toEqual([]);
  });

  it('shows the e-mail and character rules of the username', () => {
    renderAt('/register');
    type('Username or Email Address', 'me@example');
    submit();
    expect(screen.getByText(VALIDATION.invalidEmail)).toBeTruthy();
    type('Username or Email Address', 'two words');
    submit();
    expect(screen.getByText(VALIDATION.usernameCharacters)).toBeTruthy();
  });

  it('only a mismatch left: that is the one alert', () => {
    renderAt('/register');
    fillValid();
    type('Confirm Password', 'secret-2');
    submit();
    expect(screen.getByRole('alert').textContent).toBe(VALIDATION.passwordsDoNotMatch);
  });

  it('requires the age of at least 16 to be ticked, announced and focused, and sends nothing', () => {
    renderAt('/register');
    fillValid();
    const age = screen.getByRole('checkbox', { name: 'I am at least 16 years old' });
    fireEvent.click(age);
    expect((age as HTMLInputElement).checked).toBe(false);
    submit();
    expect(screen.getByRole('alert').textContent).toBe(DRINK_MESSAGES.ageNotConfirmed);
    expect(document.activeElement).toBe(age);
    expect(age.getAttribute('aria-invalid')).toBe('true');
    expect(entriesCalled()).toEqual([]);
    fireEvent.click(age);
    expect(screen.queryByText(DRINK_MESSAGES.ageNotConfirmed)).toBeNull();
  });

  it('limits the player name field to 10 characters', () => {
    renderAt('/register');
    expect(field('Player Name (max 10)').maxLength).toBe(10);
  });
});

describe('talking to the server', () => {
  it('shows the server error', async () => {
    serve(register, () => refusal(register, 409, { error: ERRORS.usernameTaken }));
    renderAt('/register');
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.usernameTaken);
  });

  it('shows the network fallback when the server cannot be reached', async () => {
    serve(register, unreachable);
    renderAt('/register');
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.networkError);
  });

  it('refuses a success reply that is not the shape the contract promises', async () => {
    // Outside the contract on purpose (no userId): the form's own check must catch it.
    serve(register, () => Response.json({ message: 'Registration successful!' }, { status: 201 }));
    renderAt('/register');
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.invalidServerData);
  });

  it('sends the cleaned body, replaces the form by the message, then goes to /login after 2 s', async () => {
    serve(register, () => ({ message: 'Registration successful!', userId: 3 }));
    renderAt('/register?mac=aabbccddeeff');
    type('Username or Email Address', ' hopfen ');
    type('Player Name (max 10)', 'Hops');
    type('Password', 'secret-1');
    type('Confirm Password', 'secret-1');
    fireEvent.click(screen.getByLabelText('I am at least 16 years old'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    submit();
    expect(await screen.findByText('Registration successful!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register Account' })).toBeNull();
    expect(entriesCalled()).toEqual([register]);
    expect(bodiesSent(register)).toEqual([
      {
        macAddress: 'AABBCCDDEEFF',
        username: 'hopfen',
        playerName: 'Hops',
        password: 'secret-1',
        ageConfirmed: true,
      },
    ]);
    expect(callsTo(register)[0]!.headers.get('authorization')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_REGISTER_MS - 100));
    expect(screen.queryByText(/login page/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(screen.getByText('login page for hopfen')).toBeTruthy());
  });
});
