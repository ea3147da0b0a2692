import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` and, to find out whether it may, tries one as
 * its first object schema is built. The pages' policy refuses eval, so every page would report a
 * violation; jitless mode skips the attempt. It must run before anything builds a schema: the
 * app's first import, and in an app split into chunks, in zod's chunk (payment-web's Vite config):
 *
 *   import '@bazaar/page-csp/zod-without-eval';
 */
config({ jitless: true });
