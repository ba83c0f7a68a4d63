// The message rule the chat's Send button mirrors, free of zod so the Messages screen does not
// ship the validation library; the server's schema in validation/message.ts is built on it.

export const MESSAGE_MAX_LENGTH = 5000;

/** Blank or whitespace-only text is not sendable, nor text longer than the limit once trimmed. */
export function isSendableMessage(content: string): boolean {
  const length = content.trim().length;
  return length >= 1 && length <= MESSAGE_MAX_LENGTH;
}
