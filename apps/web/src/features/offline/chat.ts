// A chat message sent without a network: shown at the end of the chat as sending, kept in the outbox
// (lib/offline) and sent when the network is back (chat/api.ts), as the offline banner promises.
export const CHAT_SEND = "chat.send";
