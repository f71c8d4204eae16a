import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuthContext } from '../auth-context';
import { beginOidcSignIn, finishOidcSignIn } from './oidc-sign-in';
import { callbackPath, startPath } from './oidc-settings';
import { markSignOnBrowser, signOnBrowserOf } from './sign-on-browser';

/**
 * The two steps of single sign-on the browser navigates to, outside the JSON contract: each answers
 * a redirect, never a page or an envelope the browser would show as text. The provider's callback
 * is read at the path CFOP_OIDC_REDIRECT_URI names; its host is never taken from the request.
 */
export function registerOidcRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { oidc } = ctx;
  if (!oidc) return;
  const base = ctx.contract.basePath;
  app.get(`${base}${startPath}`, async (request, reply) => {
    const { redirect } = request.query as { redirect?: unknown };
    const { mark, setCookie } = markSignOnBrowser(request.headers.cookie, {
      path: `${base}/login`,
      secure: oidc.httpsCallback,
    });
    reply.header('set-cookie', setCookie);
    const returnTo = typeof redirect === 'string' ? redirect : undefined;
    return redirectTo(reply, await beginOidcSignIn(ctx, returnTo, mark));
  });
  app.get(`${base}${callbackPath}`, async (request, reply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    return redirectTo(reply, await finishOidcSignIn(ctx, query, signOnBrowserOf(request.headers.cookie)));
  });
}

/** Not kept: each redirect carries a one-time value. */
function redirectTo(reply: FastifyReply, location: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}
