/** The dev IdP's login page: one field, one button, and the list of personas to try. */
import { PERSONAS } from './personas.js';
import type { DevSteering } from './steering.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a steered login adds to the page: the providers acted as, and the assurance to tick. */
function steeringHtml(steering: DevSteering): { notice: string; field: string } {
  const [first] = steering.providers;
  const notice = first
    ? `<section aria-labelledby="acting-as">
        <h2 id="acting-as">Identity providers</h2>
        <p>The login asked for these identity providers (login_hint); this development identity provider acts as them:</p>
        <ul>
          ${steering.providers
            .map((p) => `<li>${escapeHtml(p.name)} <code>${escapeHtml(p.entityid)}</code></li>`)
            .join('\n          ')}
        </ul>
        <p>You sign in through the first: <strong>${escapeHtml(first.name)}</strong> (home organisation <code>${escapeHtml(first.homeOrganization)}</code>).</p>
      </section>`
    : '';
  const field = steering.acr
    ? `<p><label class="check"><input type="checkbox" name="acr" value="${escapeHtml(steering.acr)}"> Log in with acr ${escapeHtml(steering.acr)}</label></p>`
    : '';
  return { notice, field };
}

export function loginPage(uid: string, error?: string, steering: DevSteering = { providers: [] }): string {
  const { notice, field } = steeringHtml(steering);
  const personas = PERSONAS.map(
    (p) => `<li><code>${escapeHtml(p.username)}</code> — ${escapeHtml(p.description)}</li>`,
  ).join('\n        ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Development identity provider – log in</title>
    <link rel="icon" href="data:,">
    <style>
      body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
      label { display: block; font-weight: 600; margin-bottom: .25rem; }
      label.check { font-weight: 400; }
      label.check input { width: auto; }
      input { width: 100%; padding: .5rem; font-size: 1rem; box-sizing: border-box; }
      button { margin-top: .75rem; padding: .5rem 1.25rem; font-size: 1rem; background: #0062b0; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
      .error { color: #b00020; }
      li { margin: .25rem 0; }
    </style>
  </head>
  <body>
    <main>
      <h1>Development identity provider</h1>
      <p>Only for development and tests: no password is asked.</p>
      ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
      ${notice}
      <form method="post" action="/dev-idp/interaction/${escapeHtml(uid)}/login" autocomplete="off">
        <label for="login">Username or e-mail</label>
        <input id="login" name="login" type="text" required autofocus>
        ${field}
        <button type="submit">Log in</button>
      </form>
      <h2>Personas</h2>
      <ul>
        ${personas}
      </ul>
      <p>Any other name or e-mail address signs in a new person with that e-mail address.</p>
      <p>Invitation mails sent without an SMTP server: <a href="/dev-mailbox">the development mailbox</a>.</p>
    </main>
  </body>
</html>`;
}
