#!/usr/bin/env node
// Writes apps/web/src/ui/icons/: the Material icons the phone layer draws (decision 049), as SVG paths copied from
// @mui/icons-material (Apache-2.0, Google's Material Icons), without MUI's SvgIcon and its styling engine. One module
// per icon, imported by its own path (`ui/icons/ArrowBackIcon`), so each goes to the scripts of the pages that draw
// it: a single module, or an index naming them all, put every icon on the first screen's path (issue 29).
//
//   node scripts/ui-icons.mjs                 rewrites the folder with the icons it already has
//   node scripts/ui-icons.mjs Name [Name...]  adds icons by their @mui/icons-material name (ArrowBack, SendOutlined)
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/src/ui/icons');
const source = path.join(root, 'node_modules/@mui/icons-material');
const HEADER =
  '// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.';

const have = existsSync(out)
  ? readdirSync(out)
      .map((file) => /^(\w+)Icon\.ts$/.exec(file)?.[1])
      .filter(Boolean)
  : [];
const names = [...new Set([...have, ...process.argv.slice(2)])].sort();

/** The icon's children as SVG markup, read from the module createSvgIcon is called with. */
function markupOf(name) {
  const file = path.join(source, `${name}.mjs`);
  if (!existsSync(file)) throw new Error(`no icon ${name} in @mui/icons-material`);
  const code = readFileSync(file, 'utf8');
  const parts = [...code.matchAll(/_jsx\("(\w+)", \{([^}]*)\}/g)].map(([, tag, attrs]) => {
    const pairs = [...attrs.matchAll(/(\w+): "([^"]*)"/g)].map(([, k, v]) => `${k}="${v}"`);
    return `<${tag} ${pairs.join(' ')}/>`;
  });
  if (parts.length === 0) throw new Error(`icon ${name}: no shape found`);
  return parts.join('');
}

const icons = names.map((name) => [name, markupOf(name)]);
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
for (const [name, markup] of icons) {
  const lines = [
    HEADER,
    "import { createIcon } from '../icon';",
    '',
    `export const ${name}Icon = /*#__PURE__*/ createIcon('${markup}');`,
    '',
  ];
  writeFileSync(path.join(out, `${name}Icon.ts`), lines.join('\n'));
}
console.log(`${names.length} icons in ${path.relative(root, out)}`);
