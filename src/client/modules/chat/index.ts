export { chatSlice, chatActions, chatShown, chatHidden, initialChatState, type ChatState } from './chatSlice';
export { watchChat } from './chatSaga';
