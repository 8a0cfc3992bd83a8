import { BreadCrumb as SdsBreadCrumb } from '@surfnet/sds';
import { Link } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';

/**
 * The breadcrumb of the session store's `breadcrumbPath` on SDS's look; entries with a path are router
 * links, the last one is the current page. Nothing when the path is empty.
 */
export function Breadcrumb() {
  const path = useSessionStore((state) => state.breadcrumbPath);
  if (!path || path.length === 0) return null;
  return (
    <SdsBreadCrumb
      items={path.map((item, index) => {
        const last = index === path.length - 1;
        return {
          component:
            item.path && !last ? (
              <Link to={item.path}>{item.value}</Link>
            ) : (
              <span aria-current={last ? 'page' : undefined}>{item.value}</span>
            ),
        };
      })}
    />
  );
}
