import type { EnumDef } from '../resource-kit/enum';
import * as members from './members';

export * from './members';

/** Every enum declared in members.ts: each one's labels become translations, so none can be left out. */
export const ALL_ENUMS: readonly EnumDef[] = Object.values(members);
