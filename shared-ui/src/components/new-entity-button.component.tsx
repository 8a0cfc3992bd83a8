import { useNavigate } from 'react-router-dom';
import { TextButton } from './text-button.component';

/** What the optional "new" button of a list does: go to a path, or run a function. */
export interface NewEntityAction {
  label: string;
  path?: string;
  /** Navigation state passed along with `path`. */
  state?: unknown;
  onClick?: () => void;
}

function NavigatingButton({ label, path, state }: { label: string; path: string; state?: unknown }) {
  const navigate = useNavigate();
  return <TextButton label={label} onClick={() => navigate(path, { state })} />;
}

/** The "new" button of a list; only needs a router when it navigates. */
export function NewEntityButton({ action }: { action: NewEntityAction }) {
  if (action.path) return <NavigatingButton label={action.label} path={action.path} state={action.state} />;
  return <TextButton label={action.label} onClick={() => action.onClick?.()} />;
}
