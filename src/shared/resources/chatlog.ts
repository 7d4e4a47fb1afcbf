import { CHAT_CONTENT_MAX } from '../chat';
import { defineResource, field } from '../resource-kit';

/**
 * Chat messages between users of one tenant. Read-only as a resource: messages are written by `ChatLog/Create` and
 * marked read by `ChatLog/UpdateSatus` (src/server/modules/chat), and `GetAll`/`Get` show only the caller's own
 * messages, sent or received. Users are not a declared resource, so the parties are plain ids here. No route: the
 * chat screen is written by hand.
 */
export const chatlog = defineResource({
  name: 'ChatLog',
  label: { zh: '聊天记录', en: 'Chat messages' },
  table: 'chat_log',
  permission: 'Pages.ChatLog',
  readOnly: true,
  fields: {
    fromUserId: field.integer({ zh: '发送人', en: 'From' }, { required: true, managed: true, filterable: true }),
    toUserId: field.integer({ zh: '接收人', en: 'To' }, { required: true, managed: true, filterable: true }),
    content: field.text({ zh: '内容', en: 'Content' }, { maxLength: CHAT_CONTENT_MAX, managed: true, searchable: true }),
    messageType: field.integer({ zh: '消息类型', en: 'Message type' }, { min: 0, max: 2, managed: true, filterable: true }),
    fileId: field.integer({ zh: '文件', en: 'File' }, { managed: true }),
    fileName: field.string({ zh: '文件名', en: 'File name' }, { maxLength: 255, managed: true }),
    isRead: field.boolean({ zh: '已读', en: 'Read' }, { managed: true, filterable: true }),
    readTime: field.datetime({ zh: '阅读时间', en: 'Read at' }, { managed: true }),
    deliveredTime: field.datetime({ zh: '送达时间', en: 'Delivered at' }, { managed: true }),
    eventSeq: field.integer({ zh: '事件序号', en: 'Event seq' }, { managed: true, list: false }),
  },
  displayField: 'content',
});
