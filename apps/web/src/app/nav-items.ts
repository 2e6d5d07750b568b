import { Home, Play, Trophy, User, Users, type LucideIcon } from 'lucide-react';
import type { TextKey } from '../i18n/use-t';

export interface NavItem {
  to: string;
  label: TextKey;
  icon: LucideIcon;
}

/**
 * Desktop shows Home, Leaderboard, Groups, Play (and Logout); phones add Profile (docs/ARCHITECTURE.md,
 * Routes and guards).
 */
export const MAIN_NAV: readonly NavItem[] = [
  { to: '/home', label: 'nav.home', icon: Home },
  { to: '/dashboard', label: 'nav.leaderboard', icon: Trophy },
  { to: '/groups', label: 'nav.groups', icon: Users },
  { to: '/game', label: 'nav.play', icon: Play },
];

export const MOBILE_NAV: readonly NavItem[] = [
  ...MAIN_NAV,
  { to: '/profile', label: 'nav.profile', icon: User },
];
