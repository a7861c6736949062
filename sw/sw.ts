/**
 * Deckhand's service worker (built by vite-plugin-pwa, injectManifest, into dist/sw.js).
 * One module per concern; this file only wires them. It must stay free of React and firebase:
 * everything it imports runs in a worker.
 */
import { registerLifecycle } from './lifecycle';
import { registerCaching } from './caching';
import { registerOutboxSync } from './sync';
import { registerPush } from './push';

registerLifecycle();
registerCaching();
registerOutboxSync();
registerPush();
