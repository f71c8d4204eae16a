import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';
import type { SettingsReader } from '../kernel/env-settings';
import { withinTime } from '../kernel/within-time';
import type { LocalText } from '../kernel/locale';

/** The schemes a camera stream may use; ffmpeg is never asked to open anything else. */
const schemes = new Set(['rtsp', 'rtsps', 'http', 'https']);

/**
 * Addresses an outbound request (a camera stream, a webhook) may not reach, besides the machine's
 * own interface addresses (see `isOwnAddress`): the server itself (loopback, the unspecified
 * addresses Linux connects to itself, the deprecated IPv4-compatible ::/96), link-local networks and
 * the cloud metadata services on them (169.254.169.254; Alibaba Cloud's 100.100.100.200, AWS's IPv6
 * fd00:ec2::254), multicast, broadcast and the reserved 240.0.0.0/4, and the benchmark range
 * 198.18.0.0/15 (no camera lives there, and "fake-IP" proxies answer it for any name, so what it
 * reaches cannot be told). IPv4-mapped IPv6 forms (::ffff:127.0.0.1) match the IPv4 rules, NAT64
 * forms (64:ff9b::7f00:1) are judged by the IPv4 address they carry. Private LAN ranges, where
 * cameras live, are allowed, and so is the shared range 100.64.0.0/10, where VPN overlays
 * (Tailscale, a carrier's NAT) put remote sites' cameras.
 */
const forbiddenAddresses = new BlockList();
forbiddenAddresses.addSubnet('127.0.0.0', 8, 'ipv4');
forbiddenAddresses.addSubnet('0.0.0.0', 8, 'ipv4');
forbiddenAddresses.addSubnet('169.254.0.0', 16, 'ipv4');
forbiddenAddresses.addAddress('100.100.100.200', 'ipv4');
forbiddenAddresses.addSubnet('198.18.0.0', 15, 'ipv4');
forbiddenAddresses.addSubnet('224.0.0.0', 4, 'ipv4');
forbiddenAddresses.addSubnet('240.0.0.0', 4, 'ipv4');
forbiddenAddresses.addSubnet('::', 96, 'ipv6');
forbiddenAddresses.addSubnet('fe80::', 10, 'ipv6');
forbiddenAddresses.addAddress('fd00:ec2::254', 'ipv6');
forbiddenAddresses.addSubnet('ff00::', 8, 'ipv6');

/** NAT64's well-known prefix: the last 32 bits are the IPv4 address the gateway connects to. */
const nat64 = new BlockList();
nat64.addSubnet('64:ff9b::', 96, 'ipv6');

/** The IPv4 address a NAT64 address carries, or null for any other address. */
function nat64Ipv4(address: string): string | null {
  if (isIP(address) !== 6 || !nat64.check(address, 'ipv6')) return null;
  // The URL parser writes the address in its shortest form: its last two groups are the IPv4 part.
  const groups = new URL(`http://[${address}]/`).hostname.slice(1, -1).split(':');
  const [high = 0, low = 0] = groups.slice(-2).map((group) => parseInt(group || '0', 16));
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Whether an address is one of this machine's own, on any interface (its LAN address, a VPN's, a
 * container bridge's): a listener on 0.0.0.0 answers there as on loopback. Read at each check, so
 * a new DHCP lease or a VPN coming up counts at once; the read is one cheap system call.
 */
function isOwnAddress(address: string): boolean {
  const own = new BlockList();
  for (const found of Object.values(networkInterfaces()).flat())
    if (found) own.addAddress(found.address, isIP(found.address) === 6 ? 'ipv6' : 'ipv4');
  return own.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Whether an outbound request may never reach the address (unless an allow-list names it). */
function isForbiddenAddress(address: string): boolean {
  const carried = nat64Ipv4(address);
  if (carried !== null && isForbiddenAddress(carried)) return true;
  return forbiddenAddresses.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4') || isOwnAddress(address);
}

/** Names that mean the server itself or a cloud metadata service whatever DNS says. */
const forbiddenNames = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Name resolution as ffmpeg's getaddrinfo sees it: every address of a host name. */
export type HostLookup = (hostname: string) => Promise<readonly string[]>;

export const systemLookup: HostLookup = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((found) => found.address);

/** CFOP_CAMERA_ALLOW_HOSTS: host names, addresses and CIDR ranges let through despite the rules above. */
export interface AllowedHosts {
  readonly names: ReadonlySet<string>;
  readonly addresses: BlockList;
}

export const noAllowedHosts: AllowedHosts = { names: new Set(), addresses: new BlockList() };

/** Where camera streams may point, and how their names are resolved. */
export interface StreamAddressPolicy {
  readonly allowed: AllowedHosts;
  readonly lookup: HostLookup;
  /** A name resolving slower than this at write time is left to the check before each use. */
  readonly writeLookupMs: number;
}

/** An IP address (`bits` null) or a CIDR range, with the family node:net's BlockList takes. */
export interface AddressRange {
  readonly address: string;
  readonly bits: number | null;
  readonly type: 'ipv4' | 'ipv6';
}

/** Reads `10.0.0.0/8` or `::1`; null when the entry is neither an address nor a range of one. */
export function readAddressRange(entry: string): AddressRange | null {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) return { address, bits: null, type };
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128) ? { address, bits, type } : null;
}

/**
 * Reads a comma-separated allow-list (`127.0.0.1,10.0.0.0/8,cam-gw.local,::1`); answers the entries
 * it could not read beside what it could.
 */
export function parseAllowedHosts(text: string): { allowed: AllowedHosts; bad: string[] } {
  const names = new Set<string>();
  const addresses = new BlockList();
  const bad: string[] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const range = readAddressRange(entry);
    if (range?.bits === null) addresses.addAddress(range.address, range.type);
    else if (range) addresses.addSubnet(range.address, range.bits, range.type);
    else if (!entry.includes('/') && hostNamePattern.test(entry)) names.add(canonicalName(entry));
    else bad.push(entry);
  }
  return { allowed: { names, addresses }, bad };
}

/** An allow-list setting (cameras', webhooks'); undefined when unset, what it cannot read reported. */
export function readAllowedHosts(settings: SettingsReader, name: string): AllowedHosts | undefined {
  const text = settings.text(name);
  if (text === undefined) return undefined;
  const parsed = parseAllowedHosts(text);
  if (parsed.bad.length > 0)
    settings.bad(
      name,
      `应为逗号分隔的主机名、IP 地址或 CIDR 网段，无法识别：${parsed.bad.join('、')}`,
      `must be comma-separated host names, IP addresses or CIDR ranges; not one: ${parsed.bad.join(', ')}`,
    );
  return parsed.allowed;
}

const hostNamePattern = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i;

function canonicalName(name: string): string {
  return name.toLowerCase().replace(/\.+$/, '');
}

/**
 * A stream URL taken apart the way ffmpeg's av_url_split does: the authority runs to the first
 * `/`, `?` or `#`, the credentials to its last `@`. (A browser's URL parser ends the authority at a
 * `\` too; reading it differently from ffmpeg would check one host and connect to another.)
 */
export interface StreamUrlParts {
  readonly scheme: string;
  /** `user:password` as written, or null. */
  readonly userinfo: string | null;
  /** The host as written (IPv6 in brackets). */
  readonly host: string;
  /** `:554`, or ''. */
  readonly port: string;
  /** Path, query and fragment as written. */
  readonly rest: string;
}

export function splitStreamUrl(url: string): StreamUrlParts | null {
  const start = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url);
  if (!start) return null;
  const afterScheme = url.slice(start[0].length);
  const authorityEnd = afterScheme.search(/[/?#]/);
  const authority = authorityEnd < 0 ? afterScheme : afterScheme.slice(0, authorityEnd);
  const rest = authorityEnd < 0 ? '' : afterScheme.slice(authorityEnd);
  const at = authority.lastIndexOf('@');
  const hostPort = authority.slice(at + 1);
  const hostEnd = hostPort.startsWith('[') ? hostPort.indexOf(']') + 1 : hostPort.lastIndexOf(':');
  const host = hostEnd <= 0 ? hostPort : hostPort.slice(0, hostEnd);
  return {
    scheme: (start[1] as string).toLowerCase(),
    userinfo: at < 0 ? null : authority.slice(0, at),
    host,
    port: hostPort.slice(host.length),
    rest,
  };
}

export function joinStreamUrl(parts: StreamUrlParts): string {
  const userinfo = parts.userinfo === null ? '' : `${parts.userinfo}@`;
  return `${parts.scheme}://${userinfo}${parts.host}${parts.port}${parts.rest}`;
}

/** Why a stream URL is refused, for the form (a 400 naming the field) and the server log. */
export const unsupportedScheme: LocalText = {
  zh: '只支持 rtsp://、rtsps://、http:// 与 https:// 地址',
  en: 'only rtsp://, rtsps://, http:// and https:// addresses are allowed',
};
export const badHost: LocalText = {
  zh: '主机名或 IP 地址不正确',
  en: 'the host name or IP address is not valid',
};
/** Why a host is refused, naming the allow-list (CFOP_CAMERA_ALLOW_HOSTS, CFOP_WEBHOOK_ALLOW_HOSTS) that lets it through. */
export function forbiddenHostFor(allowListSetting: string): LocalText {
  return {
    zh: `不能指向服务器本机（含其各网卡地址）、链路本地、组播等特殊地址或云元数据服务（确需使用请由管理员加入 ${allowListSetting}）`,
    en: `must not point at the server itself (any of its interface addresses), a link-local, multicast or other special address, or a cloud metadata service (an administrator may list it in ${allowListSetting})`,
  };
}
const forbiddenHost = forbiddenHostFor('CFOP_CAMERA_ALLOW_HOSTS');

/** The host as one address or name: numeric IPv4 forms (`127.1`, `0x7f.1`) read as getaddrinfo reads them. */
function canonicalHost(host: string): { address: string; family: 4 | 6 } | { name: string } | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare !== host) return isIP(bare) === 6 ? { address: bare, family: 6 } : null;
  if (!hostNamePattern.test(host)) return null;
  // WHATWG's IPv4 parser accepts the forms inet_aton does and answers the dotted quad.
  const hostname = URL.canParse(`http://${host}/`) ? new URL(`http://${host}/`).hostname : '';
  return isIP(hostname) === 4 ? { address: hostname, family: 4 } : { name: canonicalName(host) };
}

function addressAllowed(address: string, allowed: AllowedHosts): boolean {
  return (
    allowed.addresses.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4') || !isForbiddenAddress(address)
  );
}

function nameAllowed(name: string, allowed: AllowedHosts): boolean | undefined {
  if (allowed.names.has(name)) return true;
  if (forbiddenNames.has(name) || name.endsWith('.localhost')) return false;
  return undefined;
}

/**
 * What is wrong with a stream URL an operator saves, or null: another scheme, a host that is not a
 * name or address, or one the server must not reach (a literal address, a name known to be local, a
 * name resolving to such an address). A name that does not resolve now is saved: it is checked again
 * before every use.
 */
export async function streamUrlProblem(url: string, policy: StreamAddressPolicy): Promise<LocalText | null> {
  const parts = splitStreamUrl(url);
  if (!parts || !schemes.has(parts.scheme)) return unsupportedScheme;
  const verdict = await hostVerdict(parts.host, policy);
  return verdict === 'bad' ? badHost : verdict === 'forbidden' ? forbiddenHost : null;
}

/**
 * Whether a host as a URL writes it may be reached when saved: 'bad' (neither a name nor an
 * address), 'forbidden' (an address the server must not reach, a name known to be local or
 * resolving to one), or null. A name that does not resolve now passes: it is checked before each use.
 */
export async function hostVerdict(
  written: string,
  policy: StreamAddressPolicy,
): Promise<'bad' | 'forbidden' | null> {
  const host = canonicalHost(written);
  if (!host) return 'bad';
  if ('address' in host) return addressAllowed(host.address, policy.allowed) ? null : 'forbidden';
  const byName = nameAllowed(host.name, policy.allowed);
  if (byName !== undefined) return byName ? null : 'forbidden';
  const addresses = await withinTime(policy.lookup(host.name), policy.writeLookupMs).catch(() => []);
  return addresses.every((address) => addressAllowed(address, policy.allowed)) ? null : 'forbidden';
}

/** A stream to open, its host resolved and checked: ffmpeg connects to `url`'s address, not the name. */
export interface CheckedStream {
  readonly scheme: string;
  /** The URL with its host replaced by the checked address (credentials kept). */
  readonly url: string;
  /** The `Host` header an HTTP camera expects (its name), or null when the URL named an address. */
  readonly hostHeader: string | null;
}

/** Why a stream cannot be opened before ffmpeg runs: a refused address, or a name that does not resolve. */
export class StreamAddressError extends Error {
  override name = 'StreamAddressError';
  constructor(
    readonly kind: 'refused-address' | 'unresolved',
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Checks a stored stream URL right before ffmpeg opens it: resolves its name, refuses it when any
 * address is one the server must not reach (so a name that answers differently from one lookup to
 * the next cannot slip through), and pins the first address into the URL so ffmpeg does no lookup
 * of its own (DNS rebinding between the check and the connect).
 */
export async function checkedStream(url: string, policy: StreamAddressPolicy): Promise<CheckedStream> {
  const parts = splitStreamUrl(url);
  if (!parts || !schemes.has(parts.scheme)) throw new StreamAddressError('refused-address', 'scheme');
  const checked = await checkedAddress(parts.host, policy);
  if (checked.byName === null) return { scheme: parts.scheme, url, hostHeader: null };
  const { address } = checked;
  return {
    scheme: parts.scheme,
    url: joinStreamUrl({ ...parts, host: isIP(address) === 6 ? `[${address}]` : address }),
    hostHeader: `${parts.host}${parts.port}`,
  };
}

/**
 * The address to connect to for a host as a URL writes it, right before use: a name is resolved
 * and refused when any of its addresses is one the server must not reach (so a name answering
 * differently from one lookup to the next cannot slip through). Connecting to the answered address,
 * not the name, leaves no second lookup to rebind. `byName` is the name, or null for an address.
 */
export async function checkedAddress(
  written: string,
  policy: Pick<StreamAddressPolicy, 'allowed' | 'lookup'>,
): Promise<{ address: string; byName: string | null }> {
  const host = canonicalHost(written);
  if (!host) throw new StreamAddressError('refused-address', 'host');
  if ('address' in host) {
    if (!addressAllowed(host.address, policy.allowed))
      throw new StreamAddressError('refused-address', host.address);
    return { address: host.address, byName: null };
  }
  const byName = nameAllowed(host.name, policy.allowed);
  if (byName === false) throw new StreamAddressError('refused-address', host.name);
  let addresses: readonly string[];
  try {
    addresses = await policy.lookup(host.name);
  } catch (error) {
    throw new StreamAddressError('unresolved', `${host.name}: ${(error as Error).message}`);
  }
  const [first] = addresses;
  if (first === undefined) throw new StreamAddressError('unresolved', host.name);
  const refused = byName ? undefined : addresses.find((address) => !addressAllowed(address, policy.allowed));
  if (refused !== undefined) throw new StreamAddressError('refused-address', `${host.name} → ${refused}`);
  return { address: first, byName: host.name };
}
