/** Query keys of the ranked lobby, in one place so events can invalidate precisely. */
export const rankedKeys = {
  active: ['ranked', 'active'] as const,
  game: (id: number) => ['ranked', 'game', id] as const,
  participants: (id: number) => ['ranked', 'game', id, 'participants'] as const,
  invites: (id: number) => ['ranked', 'game', id, 'invites'] as const,
  search: (text: string) => ['ranked', 'search', text] as const,
};
