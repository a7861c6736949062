/**
 * Deckhand's service worker (built by vite-plugin-pwa, injectManifest, into dist/sw.js).
 * One module per concern; this file only wires them. It must stay free of React and firebase:
 * everything it imports runs in a worker.
 */
import { registerCaching } from './caching';
import { registerLifecycle } from './lifecycle';
import { registerPush } from './push';
import { registerOutboxSync } from './sync';

registerLifecycle();
registerCaching();
registerOutboxSync();
registerPush();
