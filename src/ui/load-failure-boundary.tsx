/**
 * Where code loaded on demand could not be fetched (offline before the service worker holds the app):
 * the failure stays inside this boundary, which says so in the place of what failed and offers one
 * action (a page tries its load again; a home card reloads the page). Pressing it shows the children
 * again.
 */
import { Component, type ReactNode } from 'react';

import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';

interface LoadFailureBoundaryProps {
  children: ReactNode;
  /** What failed, in the rider's words: "This page could not be loaded. …". */
  message: string;
  actionLabel: string;
  onAction: () => void;
  className?: string;
  actionVariant?: 'default' | 'outline';
}

export class LoadFailureBoundary extends Component<LoadFailureBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    const { message, actionLabel, onAction, className, actionVariant } = this.props;
    return (
      <div role="alert" className={cn('flex flex-col items-start gap-3 p-4', className)}>
        <p>{message}</p>
        <Button
          variant={actionVariant}
          onClick={() => {
            onAction();
            this.setState({ failed: false });
          }}
        >
          {actionLabel}
        </Button>
      </div>
    );
  }
}
