// Parses Swift files with tree-sitter-swift and reports syntax errors (line:column).
// Usage: node check-syntax.cjs <file.swift>...
// Three constructs uniffi emits are valid Swift the grammar (0.7.1) does not know; they are
// rewritten before parsing, keeping line numbers, and nothing else is changed:
// - an attribute wrapped in `#if` inside a declaration body
//   (`#if swift(>=5.8) @_documentation(visibility: private) #endif`): removed;
// - `nonisolated(unsafe)` (Swift 5.10): read as `nonisolated`;
// - the closure `{ () }` (returns the empty tuple): read as `{ }`.
"use strict";
const fs = require("fs");
const Parser = require("tree-sitter");
const Swift = require("tree-sitter-swift");

const parser = new Parser();
parser.setLanguage(Swift);
const conditionalAttribute = /^#if swift\(>=5\.8\)\n\s*@_documentation\(visibility: private\)\n#endif\n/gm;

let failed = 0;
for (const file of process.argv.slice(2)) {
  const text = fs
    .readFileSync(file, "utf8")
    .replace(conditionalAttribute, (m) => "\n".repeat(m.split("\n").length - 1))
    .replace(/\bnonisolated\(unsafe\)/g, "nonisolated")
    .replace(/\{ \(\) \}/g, "{ }");
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
