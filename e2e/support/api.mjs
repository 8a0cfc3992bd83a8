// Calls the console's API from inside a logged-in page, as the console itself would (session cookie and
// CSRF token): for a journey's set-up and for checks that no screen in this package shows.

/**
 * @param {import('playwright-core').Page} page
 * @param {string} method
 * @param {string} path e.g. `roles?pageSize=100`
 * @param {unknown} [body]
 * @returns {Promise<{ status: number, body: any }>}
 */
export async function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = await (await fetch('/api/v1/csrf')).json();
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

/** The id of the seeded role with this name (the super user sees every role). */
export async function roleIdByName(
  /** @type {import('playwright-core').Page} */ page,
  /** @type {string} */ name,
) {
  const { body } = await api(page, 'GET', `roles?pageSize=100&query=${encodeURIComponent(name)}`);
  const role = body.content.find((/** @type {{ name: string }} */ r) => r.name === name);
  if (!role) throw new Error(`No role named ${name}`);
  return Number(role.id);
}
