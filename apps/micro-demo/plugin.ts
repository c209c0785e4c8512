import path from 'node:path';

/** The part of Vite's `build` this plugin uses (passed in, so the shell's Vite builds both apps). */
type Build = (config: {
  root: string;
  configFile: string;
  logLevel: 'warn';
  build: { outDir: string; emptyOutDir: boolean };
}) => Promise<unknown>;

interface PluginLike {
  name: string;
  apply: 'build';
  configResolved: (config: { root: string; build: { outDir: string } }) => void;
  closeBundle: () => Promise<void>;
}

const root = import.meta.dirname;

/**
 * Builds the sample micro-app into the shell's output at micro/demo/, so wherever the shell's build
 * is served (the server's WEB_DIST), the micro-app is served beside it at /micro/demo/index.html.
 */
export function microDemo(build: Build): PluginLike {
  let outDir = '';
  return {
    name: 'forecourt-micro-demo',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        root,
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir: path.join(outDir, 'micro/demo'), emptyOutDir: true },
      });
    },
  };
}
