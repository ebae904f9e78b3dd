/** The notification centre's query keys: each starts with the signed-in user's id (the caches are theirs). */
export const notificationKeys = {
  all: (userId: number | undefined) => ["notifications", userId] as const,
  latest: (userId: number | undefined) => ["notifications", userId, "latest"] as const,
  /** The full list's pages (`/settings/notifications`). */
  pages: (userId: number | undefined) => ["notifications", userId, "pages"] as const,
  preferences: (userId: number | undefined) => ["notifications", userId, "preferences"] as const,
};
