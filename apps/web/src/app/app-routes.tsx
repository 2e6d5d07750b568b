import { lazy } from 'react';
import { Navigate, Route, Routes } from '../lib/router';
import { firstScreenPage, lazyPage } from './lazy-page';
import { PublicOnly } from './public-only';
import { RequireSession } from './require-session';
import { ScrollToTop } from './scroll-to-top';

const Landing = firstScreenPage(() => import('../routes/landing'));
const Login = firstScreenPage(() => import('../routes/login'));
const Register = firstScreenPage(() => import('../routes/register'));
const Instructions = lazyPage(() => import('../routes/instructions'));
const Watch = lazyPage(() => import('../routes/watch'));
const ProtectedShell = lazyPage(() => import('./protected-shell'));
// Screens inside the shell suspend into the shell's own boundary, so the navigation stays.
const Home = lazy(() => import('../routes/home'));
const Dashboard = lazy(() => import('../routes/dashboard'));
const Game = lazy(() => import('../routes/game'));
const ScaleSettings = lazy(() => import('../routes/scale-settings'));
const Live = lazy(() => import('../routes/live'));
const Profile = lazy(() => import('../routes/profile'));
const Admin = lazy(() => import('../routes/admin'));
const AdminUsers = lazy(() => import('../routes/admin-users'));
const ResetPassword = lazyPage(() => import('../routes/reset-password'));
const NotFound = firstScreenPage(() => import('../routes/not-found'));

/** The route table (docs/ARCHITECTURE.md, Routes and guards). */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/" element={<Landing />} />
          <Route path="/login" element={<Login />} />
          <Route path="/register" element={<Register />} />
        </Route>
        {/*
          Public, but without the bounce of the other public pages: the guide is as useful at
          the table after signing in as before, and its Start New Game leads to /game (which
          asks a visitor to sign in first).
        */}
        <Route path="/game/instructions" element={<Instructions />} />
        {/* Public to anyone holding the link, signed in or not: the token is the credential. */}
        <Route path="/watch/:token" element={<Watch />} />
        {/* An administrator's one-time link: the token is the credential, as for /watch. */}
        <Route path="/reset/:token" element={<ResetPassword />} />
        <Route element={<RequireSession />}>
          <Route element={<ProtectedShell />}>
            <Route path="/home" element={<Home />} />
            <Route path="/dashboard" element={<Dashboard />} />
            <Route path="/game" element={<Game />} />
            <Route path="/scale-settings" element={<ScaleSettings />} />
            <Route path="/live" element={<Live />} />
            <Route path="/profile" element={<Profile />} />
            <Route path="/admin" element={<Admin />} />
            <Route path="/admin/users" element={<AdminUsers />} />
            {/* /layout is a protected route with no content of its own: it is the shell. */}
            <Route path="/layout" element={<Navigate to="/home" replace />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </>
  );
}
