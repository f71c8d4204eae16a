import { BlockList, isIP } from 'node:net';
import { parseAllowedHosts } from '../server/streams/stream-address';

type Env = Readonly<Record<string, string | undefined>>;

/** The administrator's password when CFOP_ADMIN_PASSWORD does not set one: public, so loopback only. */
export const demoPassword = 'Demo-2026';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether the server listening on HOST is reached from this machine alone. */
function servesLoopbackOnly(host: string): boolean {
  if (host === 'localhost') return true;
  const family = isIP(host);
  return family !== 0 && loopback.check(host, family === 6 ? 'ipv6' : 'ipv4');
}

/** An allow-list with loopback added, for the demo's stand-ins on 127.0.0.1. */
function withLoopback(hosts: string | undefined): string {
  return hosts?.trim() ? `${hosts},127.0.0.1` : '127.0.0.1';
}

function letsLoopbackThrough(hosts: string): boolean {
  return parseAllowedHosts(hosts).allowed.addresses.check('127.0.0.1', 'ipv4');
}

/** Who may sign in to the demo, and what its server may reach, from the installer's settings. */
export interface DemoExposure {
  readonly password: string;
  /** The allow-lists the server starts with. */
  readonly allowHosts: {
    readonly CFOP_CAMERA_ALLOW_HOSTS: string;
    readonly CFOP_WEBHOOK_ALLOW_HOSTS: string;
  };
  /** Whether the server may reach the demo's stand-ins on loopback: its cameras' scenes, its webhook receiver. */
  readonly reaches: { readonly scenes: boolean; readonly receiver: boolean };
}

/**
 * The demo's public password is never served beyond loopback: with a HOST other than a loopback
 * address the installer's CFOP_ADMIN_PASSWORD is required (else this throws, in one line), and
 * loopback is not added to the allow-lists, so that an administrator signing in from the network
 * cannot point webhooks or cameras at the machine's local services. The demo's stand-ins are then
 * reached only if the installer's own allow-lists name 127.0.0.1.
 */
export function demoExposure(env: Env): DemoExposure {
  const host = env.HOST?.trim() || '127.0.0.1';
  const chosen = env.CFOP_ADMIN_PASSWORD !== demoPassword ? env.CFOP_ADMIN_PASSWORD || null : null;
  if (servesLoopbackOnly(host)) {
    const allowHosts = {
      CFOP_CAMERA_ALLOW_HOSTS: withLoopback(env.CFOP_CAMERA_ALLOW_HOSTS),
      CFOP_WEBHOOK_ALLOW_HOSTS: withLoopback(env.CFOP_WEBHOOK_ALLOW_HOSTS),
    };
    return { password: chosen ?? demoPassword, allowHosts, reaches: { scenes: true, receiver: true } };
  }
  if (chosen === null)
    throw new Error(
      `演示密码是公开的，HOST=${host} 时须设置 CFOP_ADMIN_PASSWORD（或不设 HOST，只在本机 127.0.0.1 上演示） / ` +
        `the demo's password is public: with HOST=${host} set CFOP_ADMIN_PASSWORD, or leave HOST unset to serve on 127.0.0.1 only`,
    );
  const allowHosts = {
    CFOP_CAMERA_ALLOW_HOSTS: env.CFOP_CAMERA_ALLOW_HOSTS ?? '',
    CFOP_WEBHOOK_ALLOW_HOSTS: env.CFOP_WEBHOOK_ALLOW_HOSTS ?? '',
  };
  return {
    password: chosen,
    allowHosts,
    reaches: {
      scenes: letsLoopbackThrough(allowHosts.CFOP_CAMERA_ALLOW_HOSTS),
      receiver: letsLoopbackThrough(allowHosts.CFOP_WEBHOOK_ALLOW_HOSTS),
    },
  };
}
