import { Button, NonIdealState } from '@blueprintjs/core';
import { Component, type ReactNode } from 'react';
import { translate } from '../i18n';

interface State {
  error: Error | null;
}

/**
 * Catches a route chunk that failed to load (slow site links, a new deployment) or a page that crashed, so the shell
 * around it stays usable. Keyed by path by its parent, so navigating elsewhere resets it.
 */
export class PageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error('[page] render failed', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <NonIdealState
        className="app-page-state"
        icon="error"
        title={translate('shell.pageLoadFailed')}
        description={translate('shell.pageLoadFailedBody')}
        action={<Button icon="refresh" onClick={() => window.location.reload()} text={translate('shell.reload')} />}
      />
    );
  }
}
