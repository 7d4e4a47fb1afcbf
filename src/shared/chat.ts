/**
 * The chat contract (ChatLog, MsgInfo and User/GetAllList), read by the server module and the client screen.
 * Messages and notices also travel as live events (src/shared/live/events.ts) on the hub target `ReceiveMessage`.
 */
import type { ChatMessagePayload, ChatNoticePayload } from './live/events';

export const CHAT_MESSAGE_TYPES = { text: 0, image: 1, file: 2 } as const;

export const CHAT_CONTENT_MAX = 2000;
export const NOTICE_TITLE_MAX = 200;
export const CHAT_PAGE_DEFAULT = 20;
export const CHAT_PAGE_MAX = 100;

/** File owner (FILE_OWNERS) under which chat attachments are stored and served. */
export const CHAT_FILE_OWNER = 'ChatLog';

/** One message as the API answers it: the event payload plus when it was read and the seq of its event. */
export interface ChatMessageDto extends ChatMessagePayload {
  readTime: string | null;
  /** Seq of the message's `chat.message` event (null only for rows written before the event log existed). */
  seq: number | null;
}

/** `ChatLog/GetChatLogAllByUserid`: one page of a conversation, oldest first within the page. */
export interface ChatHistoryPage {
  items: ChatMessageDto[];
  /** Older messages exist before the first item. */
  hasMore: boolean;
}

/** `ChatLog/getReadNumByToUserid`: unread messages of one recipient by sender, counted at event head `seq`. */
export interface UnreadCounts {
  total: number;
  items: { fromUserId: number; count: number }[];
  seq: number;
}

/** `User/GetAllList`: a user of the tenant one may chat with. */
export interface ChatUserDto {
  id: number;
  userName: string;
  name: string;
  surname: string;
  online: boolean;
}

/** `MsgInfo/GetMsgListByAdminid`: an administrator's notice to the whole tenant, as the live event carries it. */
export type MsgInfoDto = ChatNoticePayload;

/** Stored chat attachment as `ChatLog/UploadFile` answers it (the file store's DTO). */
export interface ChatFileDto {
  id: number;
  name: string;
  size: number;
  contentType: string;
  creationTime: string;
}
