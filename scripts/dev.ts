import { spawn, type ChildProcess } from 'node:child_process'

// `npm run dev`: Vite rebuilds the client and the SSR bundle on every change, and Node restarts the
// server when its code or the SSR bundle changes. Reload the browser to see a change.
const children: ChildProcess[] = []
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  children.push(child)
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) shutdown(code)
  })
  return child
}

function shutdown(code = 0) {
  for (const child of children) child.kill('SIGTERM')
  process.exit(code)
}
process.on('SIGINT', () => shutdown())
process.on('SIGTERM', () => shutdown())

const vite = 'node_modules/.bin/vite'
run(vite, ['build', '--watch', '--mode', 'development'])
run(vite, ['build', '--watch', '--mode', 'development', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/server'])
run(process.execPath, ['--watch-path=server', '--watch-path=dist/server', '--watch-path=dist/client/.vite', '--watch-path=core', 'server/main.ts'], {
  NODE_ENV: 'development',
})
