import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { fastifyPlugin } from 'fastify-plugin';

/**
 * A domain's part of the running app: its periodic jobs and the event sources it ends on close,
 * registered by the composition root with `app.register(plugin, options)`, the options carrying
 * the domain's context and its slice of the settings. Not encapsulated (fastify-plugin): what it
 * adds (close hooks) is the app's, run in the order the domains were registered; `app.hasPlugin(name)`
 * finds it.
 */
export function domainPlugin<Options extends Record<string, unknown>>(
  name: string,
  register: (app: FastifyInstance, options: Options) => void | Promise<void>,
): FastifyPluginAsync<Options> {
  const plugin: FastifyPluginAsync<Options> = async (app, options) => register(app, options);
  return fastifyPlugin(plugin, { name });
}
