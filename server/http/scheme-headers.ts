import type { FastifyRequest } from 'fastify';
import type { HttpContext } from './http-context';
import type { ClientInfo } from '../operations/caller';
import { CLIENT_HOST_SCHEME, CLIENT_TYPE_SCHEME } from '../contract/load-contract';
import { signOnBrowserOf } from '../auth/oidc/sign-on-browser';
import { clientAddress } from './client-address';

/** The value of the header a security scheme of the contract names; '' when absent or repeated. */
export function headerOf(ctx: HttpContext, request: FastifyRequest, scheme: string): string {
  const name = ctx.contract.headerSchemes[scheme];
  const value = name === undefined ? undefined : request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : '';
}

/** Enough of a User-Agent to tell the browser and system; the rest is not kept. */
const maxUserAgentLength = 512;

/** The console's own account of where a call comes from, stored with the sessions it opens. */
export function clientInfo(ctx: HttpContext, request: FastifyRequest): ClientInfo {
  const { exact, countsAs } = clientAddress(request, ctx.ipv6PrefixBits);
  return {
    type: headerOf(ctx, request, CLIENT_TYPE_SCHEME),
    host: headerOf(ctx, request, CLIENT_HOST_SCHEME),
    ip: exact,
    countsAs,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, maxUserAgentLength),
    signOnBrowser: signOnBrowserOf(request.headers.cookie),
  };
}
