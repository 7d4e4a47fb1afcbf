import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

export function createToaster(): Promise<Toaster> {
  return OverlayToaster.create({ position: Position.TOP, maxToasts: 4, className: 'app-toaster' });
}
