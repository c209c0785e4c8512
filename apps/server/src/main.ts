/**
 * The server run from its sources (`npm run dev`, the start tests): the program is src/server.ts. The
 * build's dist/main.js is src/launch.ts instead, which compiles the bundled server from V8's code cache.
 */
import './server.js';
