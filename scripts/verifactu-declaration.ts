import { writeFileSync } from 'node:fs'
import { documentedDeclaration } from '../server/services/verifactu/declaration.ts'

// `npm run docs:declaracion`: docs/verifactu-declaracion.md, the system's declaración responsable, from server/services/verifactu/declaration.ts.
writeFileSync(new URL('../docs/verifactu-declaracion.md', import.meta.url), documentedDeclaration())
console.log('docs/verifactu-declaracion.md written from server/services/verifactu/declaration.ts')
