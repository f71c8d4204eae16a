import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * A domain's part of the running app: its periodic jobs and the event sources it ends on close,
 * registered by the composition root with `app.register(plugin, options)`, the options carrying
 * the domain's context and its slice of the settings. Not encapsulated (as fastify-plugin leaves a
 * plugin): what it adds (close hooks) is the app's, run in the order the domains were registered.
 */
export function domainPlugin<Options extends Record<string, unknown>>(
  name: string,
  register: (app: FastifyInstance, options: Options) => void | Promise<void>,
): FastifyPluginAsync<Options> {
  const plugin: FastifyPluginAsync<Options> = async (app, options) => register(app, options);
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
    // As fastify-plugin names a plugin: app.hasPlugin(name) finds it.
    [Symbol.for('plugin-meta')]: { name },
  });
}
