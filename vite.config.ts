import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { visualizer } from 'rollup-plugin-visualizer'

// One config builds the browser bundle (dist/client) and the SSR bundle (dist/server):
// vanilla-extract class names depend on Vite's root, so both must come from here.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    vanillaExtractPlugin(),
    // `ANALYZE=1 npm run build` writes dist/stats.html: what each dependency costs per chunk (gzip);
    // `ANALYZE=json` writes the same as data, for scripts.
    process.env.ANALYZE && !process.argv.includes('--ssr')
      ? visualizer({ filename: 'dist/stats.html', gzipSize: true, template: process.env.ANALYZE === 'json' ? 'raw-data' : 'treemap' })
      : null,
  ],
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // One stylesheet for the whole site: it is small, and the first HTML needs all of it.
    cssCodeSplit: false,
    target: 'es2022',
    rollupOptions: {
      input: 'src/entry-client.tsx',
      // Everything the entry imports statically (React, the router, the root layout) is needed by
      // every page before it can run: one chunk compresses better and costs one request, where the
      // default split made some fifty small files. Route components stay in their own chunks.
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
    },
  },
  ssr: {
    // Bundle everything that needs Vite transforms (css, po, macros) into the SSR build.
    noExternal: [/@vanilla-extract\/.*/, /@fontsource.*/],
  },
  test: {
    // Server tests share one migrated database snapshot (tests/setup/global.ts).
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/console.ts'],
    // Unit tests sit beside their code; suites that boot the whole app or start processes sit in
    // tests/integration and tests/system (the browser journeys have their own config, tests/e2e).
    include: [
      'core/**/*.test.ts',
      'server/**/*.test.ts',
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
      'tests/helpers/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/system/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    pool: 'forks',
  },
})
