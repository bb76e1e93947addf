import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AreaErrorBoundary } from './area-error-boundary';
import { AreaFallback } from './area-fallback';

/** Props the shell passes to every area when single-spa mounts it. */
export interface AreaProps {
  name: string;
  /** The element the shell reserved for this area. */
  domElement: HTMLElement;
  /** Version of the remote that is running (from the remotes document). */
  remoteVersion?: string;
}

/**
 * single-spa lifecycles for an area's root component, rendered with React 19's client API inside an
 * error boundary with Retry. Every remote's `./spa` expose is one call to this.
 */
export interface AreaSpaOptions {
  /**
   * Asked at each mount: 'hydrateRoot' when the area's element holds markup the server rendered from this very tree
   * (issue 31: the portal's landing page), so React adopts it instead of replacing it; 'createRoot' otherwise.
   */
  renderType?: () => 'createRoot' | 'hydrateRoot';
}

export function createAreaSpa<P extends AreaProps>(area: string, Root: ComponentType<P>, options: AreaSpaOptions = {}) {
  function Wrapped(props: P) {
    return (
      <AreaErrorBoundary area={area}>
        <Root {...props} />
      </AreaErrorBoundary>
    );
  }
  return singleSpaReact<P>({
    React,
    ReactDOMClient,
    rootComponent: Wrapped,
    ...(options.renderType ? { renderType: options.renderType } : {}),
    // Last resort only; AreaErrorBoundary above normally catches first.
    errorBoundary: (err: Error) => <AreaFallback area={area} detail={err.message} onRetry={() => location.reload()} />,
  });
}
