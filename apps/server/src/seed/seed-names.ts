// Names for seeded players and games: common enough that a search for a few letters finds many
// players, as it would in a real community. Player names stay within PLAYER_NAME_MAX
// (10 characters, packages/contract/src/limits.ts), so every seeded row passes validation.

// prettier-ignore
export const FIRST_NAMES = [
  'Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannes', 'Ida', 'Jonas',
  'Karla', 'Lukas', 'Marie', 'Max', 'Nina', 'Oskar', 'Paula', 'Quirin', 'Rosa', 'Simon',
  'Tina', 'Uwe', 'Vera', 'Willi', 'Xenia', 'Yannik', 'Zoe', 'Maja', 'Marco', 'Mara',
  'Lena', 'Leon', 'Lea', 'Paul', 'Mia', 'Noah', 'Sofia', 'Elias', 'Lina', 'Finn',
  'Emil', 'Ella', 'Theo', 'Luisa', 'Henry', 'Frieda', 'Anton', 'Mila', 'Jakob', 'Lotta',
  'Moritz', 'Johanna', 'Carl', 'Helene', 'Julian', 'Amelie', 'Tom', 'Sarah', 'Niklas', 'Laura',
] as const;

// prettier-ignore
export const LAST_NAMES = [
  'Berg', 'Fischer', 'Huber', 'Koch', 'Lange', 'Meyer', 'Neumann', 'Otto', 'Richter', 'Schulz',
  'Vogel', 'Wagner', 'Weber', 'Winter', 'Wolf', 'Zimmer', 'Braun', 'Hartmann', 'Krause', 'Maier',
] as const;

// prettier-ignore
export const GAME_NAMES = [
  'Friday Night', 'Derby', 'Stammtisch', 'Garden Party', 'Bierwiegen', 'Cup Final',
  'Rematch', 'Summer Cup', 'Kneipenabend', 'Birthday Round', 'Champions', 'After Work',
] as const;
