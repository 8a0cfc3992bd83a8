/**
 * A tiny browser over app.inject: follows same-origin redirects and keeps cookies, enough to walk the
 * login flow through the dev IdP.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { cookiesFrom } from './helper.js';

export class InjectBrowser {
  cookie = '';
  readonly origin: string;

  constructor(private readonly app: FastifyInstance) {
    this.origin = new URL(app.config.publicUrl).origin;
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const target = new URL(url, this.origin);
    const response = await this.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        host: target.host,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.cookie = cookiesFrom(response.headers['set-cookie'], this.cookie);
    return response;
  }

  /** Requests `url` and follows redirects within our origin; returns the last answer and its URL. */
  async follow(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
  ): Promise<{ response: LightMyRequestResponse; url: string }> {
    let response = await this.request(method, url, form);
    let current = new URL(url, this.origin).href;
    for (let hops = 0; hops < 10 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
      const next = new URL(String(response.headers.location), current);
      if (next.origin !== this.origin) break;
      // Where the console would take over: the browser loads the SPA.
      if (!/^\/(api|dev-idp)\//.test(next.pathname)) return { response, url: next.href };
      current = next.href;
      response = await this.request('GET', current);
    }
    return { response, url: current };
  }

  /** The dev IdP login: start at users/login, submit the login form, come back through the callback. */
  async login(
    login: string,
    query = '',
    /** More fields of the login form (the dev IdP's `acr` checkbox, ticked). */
    extra: Record<string, string> = {},
  ): Promise<{ loginPage: string; landing: string; response: LightMyRequestResponse }> {
    const toIdp = await this.follow('GET', `/api/v1/users/login${query}`);
    const loginPage = toIdp.response.body;
    const action = /action="([^"]+)"/.exec(loginPage)?.[1];
    if (!action)
      throw new Error(
        `No login form at ${toIdp.url}: ${toIdp.response.statusCode} ${loginPage.slice(0, 300)}`,
      );
    const back = await this.follow('POST', action, { login, ...extra });
    return {
      loginPage,
      landing: String(back.response.headers.location ?? back.url),
      response: back.response,
    };
  }
}
