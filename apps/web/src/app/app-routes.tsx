import { lazy, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { firstScreenPage, lazyPage } from './lazy-page';
import { PublicOnly } from './public-only';
import { RequireSession } from './require-session';
import { ScrollToTop } from './scroll-to-top';

const Landing = firstScreenPage(() => import('../routes/landing'));
const Login = firstScreenPage(() => import('../routes/login'));
const Register = firstScreenPage(() => import('../routes/register'));
const Instructions = lazyPage(() => import('../routes/instructions'));
const Watch = lazyPage(() => import('../routes/watch'));
const Join = lazyPage(() => import('../routes/join'));
const GroupLink = lazyPage(() => import('../routes/group-link'));
const PublicGroup = lazyPage(() => import('../routes/public-group'));
const TournamentScreen = lazyPage(() => import('../routes/tournament-screen'));
const ProtectedShell = lazyPage(() => import('./protected-shell'));
// Screens inside the shell suspend into the shell's own boundary, so the navigation stays.
const Home = lazy(() => import('../routes/home'));
const Dashboard = lazy(() => import('../routes/dashboard'));
const Game = lazy(() => import('../routes/game'));
const ScaleSettings = lazy(() => import('../routes/scale-settings'));
const Live = lazy(() => import('../routes/live'));
const GamePage = lazy(() => import('../routes/game-page'));
const Profile = lazy(() => import('../routes/profile'));
const Groups = lazy(() => import('../routes/groups'));
const Group = lazy(() => import('../routes/group'));
const GroupTournaments = lazy(() => import('../routes/group-tournaments'));
const TournamentNew = lazy(() => import('../routes/tournament-new'));
const Tournament = lazy(() => import('../routes/tournament'));
const Admin = lazy(() => import('../routes/admin'));
const AdminUsers = lazy(() => import('../routes/admin-users'));
const ResetPassword = lazyPage(() => import('../routes/reset-password'));
const NotFound = firstScreenPage(() => import('../routes/not-found'));

/** A protected screen: for a session only, inside the shell (its navigation stays mounted). */
function InShell({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <ProtectedShell>{children}</ProtectedShell>
    </RequireSession>
  );
}

/**
 * The route table (docs/ARCHITECTURE.md, Routes and guards): the first route whose path matches
 * (case-insensitive, a trailing slash allowed) shows. Routes sharing a guard wrap their screen in
 * the same element, so moving between them keeps the guard and the shell mounted.
 */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Switch>
        <Route path="/">
          <PublicOnly>
            <Landing />
          </PublicOnly>
        </Route>
        <Route path="/login">
          <PublicOnly>
            <Login />
          </PublicOnly>
        </Route>
        <Route path="/register">
          <PublicOnly>
            <Register />
          </PublicOnly>
        </Route>
        {/*
          Public, but without the bounce of the other public pages: the guide is as useful at
          the table after signing in as before, and its Start New Game leads to /game (which
          asks a visitor to sign in first).
        */}
        <Route path="/game/instructions">
          <Instructions />
        </Route>
        {/* Public to anyone holding the link, signed in or not: the token is the credential. */}
        <Route path="/watch/:token">
          <Watch />
        </Route>
        <Route path="/watch/:token/table">
          <Watch table />
        </Route>
        {/* A game's join code: no account needed; the seat taken here lives on this phone. */}
        <Route path="/join/:code">
          <Join />
        </Route>
        {/* A group's tournaments: before the invite and claim links' /groups/{kind}/{token}. */}
        <Route path="/groups/:id/tournaments">
          <InShell>
            <GroupTournaments />
          </InShell>
        </Route>
        <Route path="/groups/:id/tournaments/new">
          <InShell>
            <TournamentNew />
          </InShell>
        </Route>
        {/* A group's invite or claim link: it explains itself to a visitor, then signs them up. */}
        <Route path="/groups/:kind/:token">
          {(params) =>
            params.kind === 'join' || params.kind === 'claim' ? <GroupLink /> : <NotFound />
          }
        </Route>
        {/* A group's public read-only table: the token is the credential, as for /watch. */}
        <Route path="/g/:token">
          <PublicGroup />
        </Route>
        {/* A tournament's table screen: the token is the credential, as for /watch. */}
        <Route path="/t/:token">
          <TournamentScreen />
        </Route>
        {/* An administrator's one-time link: the token is the credential, as for /watch. */}
        <Route path="/reset/:token">
          <ResetPassword />
        </Route>
        <Route path="/home">
          <InShell>
            <Home />
          </InShell>
        </Route>
        <Route path="/dashboard">
          <InShell>
            <Dashboard />
          </InShell>
        </Route>
        <Route path="/game">
          <InShell>
            <Game />
          </InShell>
        </Route>
        <Route path="/scale-settings">
          <InShell>
            <ScaleSettings />
          </InShell>
        </Route>
        <Route path="/live">
          <InShell>
            <Live />
          </InShell>
        </Route>
        {/* A game's own page; /game (no s) is where a game is set up. */}
        <Route path="/games/:id">
          <InShell>
            <GamePage />
          </InShell>
        </Route>
        <Route path="/groups">
          <InShell>
            <Groups />
          </InShell>
        </Route>
        <Route path="/groups/:id">
          <InShell>
            <Group />
          </InShell>
        </Route>
        <Route path="/tournaments/:id">
          <InShell>
            <Tournament />
          </InShell>
        </Route>
        <Route path="/profile">
          <InShell>
            <Profile />
          </InShell>
        </Route>
        <Route path="/admin">
          <InShell>
            <Admin />
          </InShell>
        </Route>
        <Route path="/admin/users">
          <InShell>
            <AdminUsers />
          </InShell>
        </Route>
        {/* /layout is a protected route with no content of its own: it is the shell. */}
        <Route path="/layout">
          <InShell>
            <Redirect to="/home" replace />
          </InShell>
        </Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </>
  );
}
