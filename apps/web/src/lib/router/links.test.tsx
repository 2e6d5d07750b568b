import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, MemoryRouter, Navigate, NavLink, Route, Routes, useLocation, useParams } from '.';

function Where() {
  const { pathname, search, state } = useLocation();
  return <output>{`${pathname}${search} ${JSON.stringify(state)}`}</output>;
}

function Token() {
  return <p>token {useParams().token}</p>;
}

const app = (url: string) => (
  <MemoryRouter initialEntries={[url]}>
    <nav>
      <NavLink to="/home" end className="nav">
        Home
      </NavLink>
      <NavLink to="/admin" className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Admin
      </NavLink>
      <Link to="/watch/a?x=1" state={{ from: 'nav' }}>
        Watch
      </Link>
    </nav>
    <Routes>
      <Route path="/watch/:token" element={<Token />} />
      <Route path="/old" element={<Navigate to="/home" replace />} />
      <Route path="*" element={null} />
    </Routes>
    <Where />
  </MemoryRouter>
);

afterEach(cleanup);

describe('links', () => {
  it('navigate inside the app with their state, and show the route with its parameters', async () => {
    render(app('/home'));
    await act(async () => {
      fireEvent.click(screen.getByText('Watch'));
    });
    expect(screen.getByRole('status').textContent).toBe('/watch/a?x=1 {"from":"nav"}');
    expect(screen.getByText('token a')).toBeTruthy();
    expect(screen.getByText('Watch').getAttribute('href')).toBe('/watch/a?x=1');
  });

  it('leave a modified click to the browser', () => {
    render(app('/home'));
    fireEvent.click(screen.getByText('Watch'), { ctrlKey: true });
    expect(screen.getByRole('status').textContent).toBe('/home null');
  });

  it('mark the current page: aria-current, "active" beside a string class, the state to a function', () => {
    render(app('/admin/users'));
    const home = screen.getByText('Home');
    const admin = screen.getByText('Admin');
    expect(home.getAttribute('aria-current')).toBeNull();
    expect(home.className).toBe('nav');
    expect(admin.getAttribute('aria-current')).toBe('page');
    expect(admin.className).toBe('on');
  });

  it('Navigate replaces the location once rendered', async () => {
    render(app('/old'));
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toBe('/home null');
    expect(screen.getByText('Home').className).toBe('nav active');
  });
});
