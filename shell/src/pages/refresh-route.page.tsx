import { Navigate, useParams } from 'react-router-dom';

/** refresh-route/{path}: remounts a page by going through this route to the decoded path. */
export default function RefreshRoutePage() {
  const encoded = useParams()['*'] ?? '';
  let target = '/';
  try {
    target = decodeURIComponent(encoded);
  } catch {
    // A malformed value goes home rather than nowhere.
  }
  // Only paths inside the console: never an absolute URL to somewhere else.
  if (!target.startsWith('/') || target.startsWith('//')) target = `/${target.replace(/^\/+/, '')}`;
  return <Navigate to={target} replace />;
}
