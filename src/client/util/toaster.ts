import type { Intent } from '@blueprintjs/core';

// The toaster (Blueprint's OverlayToaster) is fetched on the first toast, so the login route does not pay for it.
let toaster: Promise<{ show(props: { message: string; intent?: Intent; icon?: ToastIcon; timeout?: number }): string }> | null = null;

type ToastIcon = 'tick' | 'notifications' | 'warning-sign';

function getToaster() {
  toaster ??= import(/* webpackChunkName: "toaster" */ './toasterImpl').then((m) => m.createToaster());
  return toaster;
}

export function showToast(message: string, intent?: Intent, icon?: ToastIcon): void {
  if (typeof document === 'undefined') return;
  void getToaster().then((t) => t.show({ message, intent, icon, timeout: 3000 }));
}
