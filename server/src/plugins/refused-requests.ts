/**
 * A refused request (401 or 403) leaves a log line an operator can act on: the route, the user (and the
 * impersonator), the address and the reason the client was given.
 */
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const status = reply.statusCode;
      if (status !== 401 && status !== 403) return payload;
      let reason: string | undefined;
      if (typeof payload === 'string') {
        try {
          reason = (JSON.parse(payload) as { message?: string }).message;
        } catch {
          reason = undefined;
        }
      }
      request.log.warn(
        {
          status,
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          userId: request.realUser?.id ?? null,
          ...(request.impersonatorId ? { impersonatedUserId: request.user?.id ?? null } : {}),
          apiTokenId: request.apiToken?.id ?? null,
          address: request.ip,
          reason,
        },
        'request refused',
      );
      return payload;
    });
  },
  { name: 'refused-requests' },
);
