import { type Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

// One toaster for the whole client, created on first use so the login screen pays nothing for it.
let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4, className: 'app-toaster' });
  return toaster;
}

export function showToast(message: string, intent?: Intent, icon?: 'tick' | 'notifications' | 'warning-sign'): void {
  if (typeof document === 'undefined') return;
  void getToaster().then((t) => t.show({ message, intent, icon, timeout: 3000 }));
}
