// Bundles check.ts with the qntm/hatetris checkout named by HATETRIS_SRC
// (its TypeScript sources are imported as @hatetris/...) into check.mjs.
import path from 'node:path'
import * as esbuild from 'esbuild'

const src = process.env.HATETRIS_SRC
if (!src) {
  console.error('HATETRIS_SRC: set it to a checkout of qntm/hatetris')
  process.exit(2)
}
const here = path.dirname(new URL(import.meta.url).pathname)
await esbuild.build({
  entryPoints: [path.join(here, 'check.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: path.join(here, 'check.mjs'),
  nodePaths: [path.join(here, 'node_modules')],
  logLevel: 'warning',
  plugins: [{
    name: 'hatetris-src',
    setup (build) {
      build.onResolve({ filter: /^@hatetris\// }, args => ({ path: path.join(path.resolve(src), args.path.slice('@hatetris/'.length)) }))
    }
  }]
})
