#!/usr/bin/env node
// Validates glTF files with the Khronos glTF validator (npm package "gltf-validator").
//
//   node tests/validate_gltf.js [--warnings-as-errors] FILE.gltf|FILE.glb ...
//
// Prints, per file, the number of errors, warnings, infos and hints, then every error
// and warning with its JSON pointer. Exit status: 0 when no file has errors (nor
// warnings, with --warnings-as-errors); 1 otherwise; 2 on a usage error; 77 when the
// validator module cannot be found (ctest can report that as "skipped" with
// SKIP_RETURN_CODE 77).
//
// Where the validator module comes from, in order:
//   1. the environment variable GLTF_VALIDATOR_DIR: the package's own folder, e.g.
//      /work/tools/gv/node_modules/gltf-validator;
//   2. node's usual lookup, which includes the folders listed in NODE_PATH, e.g.
//      NODE_PATH=/work/tools/gv/node_modules.
// Install it outside the repository:  mkdir -p DIR && cd DIR && npm install gltf-validator
'use strict';

const fs = require('fs');
const path = require('path');

function loadValidator() {
  const dir = process.env.GLTF_VALIDATOR_DIR;
  try {
    return require(dir ? path.resolve(dir) : 'gltf-validator');
  } catch (e) {
    console.error('validate_gltf: cannot load the gltf-validator module' +
                  (dir ? ' from GLTF_VALIDATOR_DIR=' + dir : ' (set GLTF_VALIDATOR_DIR or NODE_PATH)') +
                  ': ' + e.message);
    process.exit(77);
  }
}

// Reads external buffers and images relative to the file being validated.
function externalResources(file) {
  return (uri) => new Promise((resolve, reject) => {
    fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)), (err, data) => {
      if (err) reject(err.toString()); else resolve(data);
    });
  });
}

async function validate(validator, file, warningsAsErrors) {
  let bytes;
  try {
    bytes = new Uint8Array(fs.readFileSync(file));
  } catch (e) {
    console.error(file + ': cannot read: ' + e.message);
    return false;
  }
  let report;
  try {
    report = await validator.validateBytes(bytes, {
      uri: path.basename(file),
      maxIssues: 0,  // report every issue
      externalResourceFunction: externalResources(file),
    });
  } catch (e) {
    console.error(file + ': the validator could not read the file: ' + e);
    return false;
  }
  const issues = report.issues;
  console.log(file + ': ' + issues.numErrors + ' errors, ' + issues.numWarnings + ' warnings, ' +
              issues.numInfos + ' infos, ' + issues.numHints + ' hints (gltf-validator ' +
              report.validatorVersion + ')');
  const severityName = ['error', 'warning', 'info', 'hint'];
  for (const m of issues.messages) {
    if (m.severity > 1) continue;  // infos and hints are advice, not faults
    console.log('  ' + severityName[m.severity] + ' ' + m.code + ' at ' + (m.pointer || '/') + ': ' +
                m.message);
  }
  return issues.numErrors === 0 && (!warningsAsErrors || issues.numWarnings === 0);
}

async function main() {
  const args = process.argv.slice(2);
  const warningsAsErrors = args.includes('--warnings-as-errors');
  const files = args.filter((a) => a !== '--warnings-as-errors');
  if (files.length === 0) {
    console.error('usage: node validate_gltf.js [--warnings-as-errors] FILE.gltf|FILE.glb ...');
    process.exit(2);
  }
  const validator = loadValidator();
  let ok = true;
  for (const file of files) ok = (await validate(validator, file, warningsAsErrors)) && ok;
  process.exit(ok ? 0 : 1);
}

main();
