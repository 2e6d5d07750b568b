import { Home, Play, Trophy, User, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** SPEC §2: desktop shows Home, Leaderboard, Play (and Logout); phones add Profile. */
export const MAIN_NAV: readonly NavItem[] = [
  { to: '/home', label: 'Home', icon: Home },
  { to: '/dashboard', label: 'Leaderboard', icon: Trophy },
  { to: '/game', label: 'Play', icon: Play },
];

export const MOBILE_NAV: readonly NavItem[] = [
  ...MAIN_NAV,
  { to: '/profile', label: 'Profile', icon: User },
];
