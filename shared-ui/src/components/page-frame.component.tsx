import { useEffect, type ReactNode } from 'react';
import { useSessionStore } from 'shared-auth';
import { Breadcrumb } from './breadcrumb.component';

export interface PageFrameProps {
  title: string;
  /** When given, becomes the session's breadcrumb path while the page is shown. */
  breadcrumb?: { path?: string; value: string }[];
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page: breadcrumb, title with optional actions, content. */
export function PageFrame({ title, breadcrumb, actions, children }: PageFrameProps) {
  const setBreadcrumbPath = useSessionStore((state) => state.setBreadcrumbPath);
  const key = breadcrumb ? JSON.stringify(breadcrumb) : null;
  useEffect(() => {
    if (key !== null) setBreadcrumbPath(JSON.parse(key) as { path?: string; value: string }[]);
  }, [key, setBreadcrumbPath]);
  return (
    <div className="sds--page-container ui-page-frame">
      <Breadcrumb />
      <div className="ui-page-frame-header">
        <h1 className="sds--text--h2">{title}</h1>
        {actions && <div className="ui-page-frame-actions">{actions}</div>}
      </div>
      <div className="ui-page-frame-content">{children}</div>
    </div>
  );
}
