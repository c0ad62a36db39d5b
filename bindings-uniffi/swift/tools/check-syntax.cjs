// Parses Swift files with tree-sitter-swift and reports syntax errors (line:column).
// Usage: node check-syntax.cjs <file.swift>...
// The grammar does not accept an attribute wrapped in `#if` inside a declaration body, which
// uniffi emits (`#if swift(>=5.8) @_documentation(visibility: private) #endif`); those blocks
// are removed before parsing, and nothing else is changed.
"use strict";
const fs = require("fs");
const Parser = require("tree-sitter");
const Swift = require("tree-sitter-swift");

const parser = new Parser();
parser.setLanguage(Swift);
const conditionalAttribute = /^#if swift\(>=5\.8\)\n\s*@_documentation\(visibility: private\)\n#endif\n/gm;

let failed = 0;
for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, "utf8").replace(conditionalAttribute, (m) => "\n".repeat(m.split("\n").length - 1));
  const tree = parser.parse(text, null, { bufferSize: 64 * 1024 * 1024 });
  const errors = [];
  const walk = (node) => {
    if (node.type === "ERROR" || node.isMissing) errors.push(node);
    else if (node.hasError) for (const child of node.children) walk(child);
  };
  walk(tree.rootNode);
  for (const e of errors.slice(0, 10)) {
    const what = e.isMissing ? `missing ${e.type}` : `syntax error near ${JSON.stringify(e.text.slice(0, 60))}`;
    console.log(`${file}:${e.startPosition.row + 1}:${e.startPosition.column + 1}: ${what}`);
  }
  if (errors.length > 0) failed++;
}
const total = process.argv.length - 2;
console.log(`check-swift-syntax: ${total - failed} of ${total} files parse`);
process.exit(failed > 0 || total === 0 ? 1 : 0);
