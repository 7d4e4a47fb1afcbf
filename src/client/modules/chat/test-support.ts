// The people and messages of this folder's tests (not imported by the application).
import type { ChatUserDto } from '../../../shared/chat';

export const ME = 2;
export const WANG = 5;
export const LI = 6;

/** The caller (admin) and two contacts, one of them offline. */
export const USERS: ChatUserDto[] = [
  { id: ME, userName: 'admin', name: 'admin', surname: 'admin', online: true },
  { id: WANG, userName: 'wang', name: '王芳', surname: '王', online: true },
  { id: LI, userName: 'li', name: '李强', surname: '李', online: false },
];
