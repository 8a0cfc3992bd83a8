import type { NavigateFunction } from 'react-router-dom';
import { startLogin } from 'shared-auth';
import type { StartupOutcome } from 'shared-auth';

/**
 * Follows shared-auth's startup outcome. Returns false when the browser is on its way to the login
 * page, so the shell keeps its loader instead of flashing the console.
 */
export function followStartup(outcome: StartupOutcome, navigate: NavigateFunction): boolean {
  if (outcome.kind === 'login') {
    if (startLogin()) return false;
    navigate('/login', { replace: true });
    return true;
  }
  navigate(outcome.to, { replace: true });
  return true;
}
