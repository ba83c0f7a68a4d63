/** How many customers the Messages list shows at once; the search finds the rest. */
export const CONVERSATIONS_SHOWN = 50;

/** The messages.conversations input of the list, shared by the server's prefetch and the screen. */
export function conversationListInput(query = "") {
  return { ...(query.trim() ? { q: query.trim() } : {}), limit: CONVERSATIONS_SHOWN };
}
