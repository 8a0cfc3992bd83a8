/**
 * Super users follow SUPER_USER_SUBS from the moment the server starts: the configuration is read at start,
 * so at start every user's stored right is made what it says now (or an unremoved grant of an accepted
 * SUPER_USER invitation). A sub taken out of the setting has lost the right when the server is ready: every
 * request reads the user afresh, so their open sessions and their super-user tokens are refused from the
 * next call on, on every instance, without waiting for a new login. One idempotent statement: instances
 * starting together (with the same setting) agree, and the second changes nothing.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { reconcileSuperUsers } from '../stores/authority-grants.store.js';

async function superUsersAtStart(app: FastifyInstance): Promise<void> {
  app.addHook('onReady', async () => {
    const changed = await reconcileSuperUsers(app.db, app.config.superUserSubs);
    if (changed > 0) {
      app.log.info({ changed }, 'super-user rights made to follow SUPER_USER_SUBS and the grants');
    }
  });
}

export default fp(superUsersAtStart, { name: 'super-users' });
