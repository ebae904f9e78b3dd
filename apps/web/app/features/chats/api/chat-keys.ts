/** The chat's query keys: every one starts with the signed-in user's id (the caches are theirs). */
export const chatKeys = {
  all: (userId: number | undefined) => ["chats", userId] as const,
  list: (userId: number | undefined) => ["chats", userId, "list"] as const,
  chat: (userId: number | undefined, chatId: number) => ["chats", userId, "chat", chatId] as const,
  messages: (userId: number | undefined, chatId: number) => ["chats", userId, "messages", chatId] as const,
  blocks: (userId: number | undefined) => ["chats", userId, "blocks"] as const,
};
