// Usage: node validate_glb.js NODE_MODULES_DIR FILE.glb: prints the issue counts (and any errors
// and warnings), exit 1 on errors. Used by validate_glb.sh.
const path = require('path');
const fs = require('fs');
const validator = require(path.resolve(process.argv[2], 'gltf-validator'));
const file = process.argv[3];
validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {maxIssues: 50}).then((report) => {
  const i = report.issues;
  console.log(`${file}: ${i.numErrors} errors, ${i.numWarnings} warnings, ${i.numInfos} infos, ${i.numHints} hints`);
  for (const m of i.messages) if (m.severity <= 1) console.log(`  ${m.severity === 0 ? 'error' : 'warning'} ${m.code}: ${m.message} (${m.pointer || ''})`);
  process.exit(i.numErrors > 0 ? 1 : 0);
}).catch((e) => { console.log(`${file}: validator failed: ${e}`); process.exit(1); });
