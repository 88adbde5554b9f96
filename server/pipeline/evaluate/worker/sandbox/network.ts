/**
 * The network while a file is evaluated (worker side): user code reaches loopback and nothing else, and no server
 * binds a port. Node 20's permission model has no network scope, so this is done here, at the one place every
 * outgoing TCP and TLS connection of Node passes (`net.Socket#connect`: http, https, http2, fetch's undici, database
 * drivers), in DNS, and in UDP. A refused connection fails at once with an error naming the host, as an unreachable
 * host would (no wait on a time-out), and is noted as a refusal at the call.
 *
 * The limit of an in-process guard: a native addon (refused by the permission model) or a child process (refused)
 * could connect on its own; nothing else in Node opens a socket.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { callerSite, noteRefusal } from './refusals';

/** Loopback by name or address (IPv4 127/8, IPv6 ::1, IPv4-mapped loopback). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(h);
}

/** The error a refused connection or lookup ends with: shaped as the permission model's, named for the host. */
function refusedError(target: string): NodeJS.ErrnoException & { permission: string; resource: string } {
  const error = new Error(`connecting to ${target} was refused: while checking, evaluated code reaches only loopback`) as NodeJS.ErrnoException & {
    permission: string;
    resource: string;
  };
  error.code = 'ERR_ACCESS_DENIED';
  error.permission = 'Network';
  error.resource = target;
  return error;
}

const portOf = (port: unknown) => (typeof port === 'number' || typeof port === 'string' ? String(port) : undefined);

/** Host and port (or socket path) of `Socket#connect`'s arguments: (options), (port, host), (path). */
function targetOf(args: unknown[]): { host?: string; port?: string; path?: string } {
  const [first, second] = args;
  if (Array.isArray(first)) return targetOf(first as unknown[]); // Node's own normalized form
  if (first && typeof first === 'object') {
    const o = first as { host?: unknown; hostname?: unknown; port?: unknown; path?: unknown };
    if (typeof o.path === 'string') return { path: o.path };
    return { host: typeof o.host === 'string' ? o.host : typeof o.hostname === 'string' ? o.hostname : undefined, port: portOf(o.port) };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { path: first };
  return { host: typeof second === 'string' ? second : undefined, port: portOf(first) };
}

/** Whether evaluated code connected to loopback since the last call (what answered is no file's: never cached). */
let reachedLoopback = false;
export function takeLoopbackReached(): boolean {
  const reached = reachedLoopback;
  reachedLoopback = false;
  return reached;
}

/** Installs the guards; call before any user code. */
export function installNetworkGuard(): void {
  const socket = net.Socket.prototype as unknown as { connect: (...args: unknown[]) => unknown };
  const realConnect = socket.connect;
  socket.connect = function connect(this: net.Socket, ...args: unknown[]) {
    const target = targetOf(args);
    // A local socket file (a database's, Docker's) is not loopback TCP: it reaches a service with the user's rights.
    const where = target.path ?? `${target.host ?? 'localhost'}${target.port !== undefined ? `:${target.port}` : ''}`;
    if (target.path !== undefined || !isLoopback(target.host ?? 'localhost')) {
      const error = refusedError(where);
      noteRefusal(error, callerSite());
      process.nextTick(() => this.destroy(error));
      return this;
    }
    reachedLoopback = true;
    return realConnect.apply(this, args);
  };

  // DNS: a name lookup already tells a server who is checking.
  const guardLookups = (target: Record<string, unknown>) => {
    for (const name of Object.keys(target)) {
      if (!/^(lookup|lookupService|resolve\w*|reverse)$/.test(name) || typeof target[name] !== 'function') continue;
      const real = target[name] as (...args: unknown[]) => unknown;
      target[name] = function (this: unknown, ...args: unknown[]) {
        const host = String(args[0]);
        if (name === 'lookup' && isLoopback(host)) return real.apply(this, args);
        const error = refusedError(host);
        noteRefusal(error, callerSite());
        const callback = args[args.length - 1];
        if (typeof callback === 'function') {
          process.nextTick(() => (callback as (e: Error) => void)(error));
          return undefined;
        }
        return Promise.reject(error);
      };
    }
  };
  guardLookups(dns);
  guardLookups(dns.promises);
  for (const proto of [dns.Resolver.prototype, dns.promises.Resolver.prototype]) guardLookups(proto as unknown as Record<string, unknown>);

  // UDP: sends go to loopback only; a bind pretends, as `listen` does.
  const udp = dgram.Socket.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const realSend = udp.send;
  udp.send = function send(this: dgram.Socket, ...args: unknown[]) {
    const host = args.find((a, i) => i > 0 && typeof a === 'string');
    if (typeof host === 'string' && !isLoopback(host)) {
      const error = refusedError(host);
      noteRefusal(error, callerSite());
      const callback = args[args.length - 1];
      if (typeof callback === 'function') process.nextTick(() => (callback as (e: Error) => void)(error));
      return undefined;
    }
    return realSend.apply(this, args);
  };
  udp.bind = function bind(this: dgram.Socket, ...args: unknown[]) {
    const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    setImmediate(() => {
      this.emit('listening');
      callback?.call(this);
    });
    return this;
  };

  // `listen` on any server (http, express, fastify over net) pretends to succeed without binding a port.
  net.Server.prototype.listen = function listen(this: net.Server, ...args: unknown[]) {
    const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    setImmediate(() => {
      this.emit('listening');
      callback?.call(this);
    });
    return this;
  } as typeof net.Server.prototype.listen;
  syncBuiltinESMExports();
}
