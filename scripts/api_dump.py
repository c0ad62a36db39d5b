"""The public API of each package as sorted text lines, one item per line (the committed baselines
in `api/`; `scripts/api` compares and updates them).

Each reader sees the surface the way that language's users compile against it:

- rust: rustdoc's JSON (`cargo rustdoc -- --output-format json`, made available on the stable
  toolchain with RUSTC_BOOTSTRAP=1), walked from the crate root through public modules and
  re-exports: items, fields, variants, methods, trait impls (auto traits included: losing `Send`
  breaks callers);
- python: the installed package, introspected (every public name of the public modules; classes
  with their public members; signatures with their annotations as written);
- npm: the shipped `.d.ts` files without comments and blank lines;
- kotlin: `javap -public` of the jar's classes (the JVM binary API, what compiled apps link to);
- swift: the symbol graphs of `swift package dump-symbol-graph` (public and open symbols with
  their declarations, and the protocols each type conforms to).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterable

# ---------------------------------------------------------------- rust (rustdoc JSON)


def _args(a: Any) -> str:
    if not a:
        return ""
    if "angle_bracketed" in a:
        ab = a["angle_bracketed"]
        parts = []
        for g in ab["args"]:
            if isinstance(g, str):
                parts.append("_")
            elif "type" in g:
                parts.append(_ty(g["type"]))
            elif "lifetime" in g:
                parts.append(g["lifetime"])
            else:
                parts.append(json.dumps(g, sort_keys=True))
        for c in ab.get("constraints", []):
            b = c.get("binding", {})
            if "equality" in b:
                eq = b["equality"]
                parts.append(f"{c['name']} = {_ty(eq['type']) if 'type' in eq else json.dumps(eq)}")
            else:
                parts.append(f"{c['name']}: {_bounds(b.get('constraint', []))}")
        return f"<{', '.join(parts)}>" if parts else ""
    if "parenthesized" in a:
        p = a["parenthesized"]
        out = f" -> {_ty(p['output'])}" if p.get("output") else ""
        return f"({', '.join(_ty(t) for t in p['inputs'])}){out}"
    return json.dumps(a, sort_keys=True)


def _path(p: Any) -> str:
    return p["path"] + _args(p.get("args"))


def _bounds(bs: list[Any]) -> str:
    out = []
    for b in bs:
        if "trait_bound" in b:
            t = b["trait_bound"]
            out.append(("?" if t.get("modifier") == "maybe" else "") + _path(t["trait"]))
        elif "outlives" in b:
            out.append(b["outlives"])
        else:
            out.append(json.dumps(b, sort_keys=True))
    return " + ".join(out)


def _ty(t: Any) -> str:
    if t is None:
        return "()"
    (k, v), = t.items()
    if k == "resolved_path":
        return _path(v)
    if k in ("generic", "primitive"):
        return v
    if k == "borrowed_ref":
        life = f"{v['lifetime']} " if v.get("lifetime") else ""
        return f"&{life}{'mut ' if v['is_mutable'] else ''}{_ty(v['type'])}"
    if k == "tuple":
        return f"({', '.join(_ty(x) for x in v)})"
    if k == "slice":
        return f"[{_ty(v)}]"
    if k == "array":
        return f"[{_ty(v['type'])}; {v['len']}]"
    if k == "impl_trait":
        return f"impl {_bounds(v)}"
    if k == "dyn_trait":
        life = f" + {v['lifetime']}" if v.get("lifetime") else ""
        return "dyn " + " + ".join(_path(x["trait"]) for x in v["traits"]) + life
    if k == "raw_pointer":
        return f"*{'mut' if v['is_mutable'] else 'const'} {_ty(v['type'])}"
    if k == "qualified_path":
        tr = f" as {_path(v['trait'])}" if v.get("trait") else ""
        return f"<{_ty(v['self_type'])}{tr}>::{v['name']}"
    if k == "function_pointer":
        sig = v["sig"]
        out = f" -> {_ty(sig['output'])}" if sig.get("output") else ""
        return f"fn({', '.join(_ty(x[1]) for x in sig['inputs'])}){out}"
    return json.dumps(t, sort_keys=True)


def _generics(g: Any) -> tuple[str, str]:
    params = []
    for p in g.get("params", []):
        kind = p["kind"]
        if "type" in kind:
            if kind["type"].get("is_synthetic"):
                continue
            b = _bounds(kind["type"].get("bounds", []))
            params.append(p["name"] + (f": {b}" if b else ""))
        elif "const" in kind:
            params.append(f"const {p['name']}: {_ty(kind['const']['type'])}")
        else:
            params.append(p["name"])
    wheres = []
    for w in g.get("where_predicates", []):
        if "bound_predicate" in w:
            bp = w["bound_predicate"]
            wheres.append(f"{_ty(bp['type'])}: {_bounds(bp['bounds'])}")
        else:
            wheres.append(json.dumps(w, sort_keys=True))
    return (f"<{', '.join(params)}>" if params else "", f" where {', '.join(wheres)}" if wheres else "")


def _fn(name: str, f: Any) -> str:
    h = f["header"]
    quals = "".join(q for q, on in (("const ", h["is_const"]), ("async ", h["is_async"]),
                                     ("unsafe ", h["is_unsafe"])) if on)
    gen, wh = _generics(f["generics"])
    ins = ", ".join(n if n == "self" and _ty(t) == "Self" else f"{n}: {_ty(t)}" for n, t in f["sig"]["inputs"])
    out = f" -> {_ty(f['sig']['output'])}" if f["sig"].get("output") else ""
    return f"{quals}fn {name}{gen}({ins}){out}{wh}"


def rust(json_path: Path) -> list[str]:
    """The public items of one crate from its rustdoc JSON."""
    doc = json.loads(json_path.read_text())
    index = doc["index"]
    lines: set[str] = set()
    seen: set[int] = set()

    def item(i: int) -> Any:
        return index.get(str(i))

    def members(owner: str, impl_ids: Iterable[int]) -> None:
        for iid in impl_ids:
            imp = item(iid)
            if imp is None:
                continue
            im = imp["inner"]["impl"]
            if im.get("blanket_impl") is not None:
                continue
            gen, wh = _generics(im["generics"])
            if im.get("trait"):
                neg = "!" if im.get("is_negative") else ""
                lines.add(f"{owner}: impl{gen} {neg}{_path(im['trait'])} for {_ty(im['for'])}{wh}")
                continue
            for mid in im["items"]:
                m = item(mid)
                if m is None or m["visibility"] != "public":
                    continue
                (k, v), = m["inner"].items()
                if k == "function":
                    lines.add(f"{owner}: {_fn(m['name'], v)}")
                elif k == "assoc_const":
                    lines.add(f"{owner}: const {m['name']}: {_ty(v['type'])}")
                else:
                    lines.add(f"{owner}: {k} {m['name']}")

    def visit(i: int, path: str) -> None:
        it = item(i)
        if it is None or i in seen:
            return
        seen.add(i)
        (k, v), = it["inner"].items()
        if k == "module":
            for c in v["items"]:
                child = item(c)
                if child is None or child["visibility"] != "public":
                    continue
                if "use" in child["inner"]:
                    u = child["inner"]["use"]
                    name = child["name"] or u["name"]
                    if u.get("is_glob"):
                        lines.add(f"{path}: pub use {u['source']}::*")
                        if u.get("id") is not None:
                            visit(u["id"], path)
                        continue
                    lines.add(f"{path}::{name}: pub use {u['source']}")
                    if u.get("id") is not None:
                        visit(u["id"], f"{path}::{name}")
                else:
                    visit(c, f"{path}::{child['name']}")
            return
        gen, wh = _generics(v.get("generics", {}))
        if k == "struct":
            kind = v["kind"]
            if kind == "unit":
                lines.add(f"{path}: struct{gen}{wh};")
            elif "tuple" in kind:
                fields = [_ty(item(f)["inner"]["struct_field"]) if f is not None and item(f) else "_"
                          for f in kind["tuple"]]
                lines.add(f"{path}: struct{gen}({', '.join(fields)}){wh}")
            else:
                lines.add(f"{path}: struct{gen}{wh}"
                          + (" (private fields)" if kind["plain"]["has_stripped_fields"] else ""))
                for f in kind["plain"]["fields"]:
                    fi = item(f)
                    if fi is not None:
                        lines.add(f"{path}: field {fi['name']}: {_ty(fi['inner']['struct_field'])}")
            members(path, v["impls"])
        elif k == "enum":
            extra = " (hidden variants)" if v.get("has_stripped_variants") else ""
            lines.add(f"{path}: enum{gen}{wh}{extra}")
            for var in v["variants"]:
                vi = item(var)
                if vi is None:
                    continue
                vk = vi["inner"]["variant"]["kind"]
                if vk == "plain":
                    shape = ""
                elif "tuple" in vk:
                    shape = "(" + ", ".join(_ty(item(f)["inner"]["struct_field"]) if f is not None else "_"
                                            for f in vk["tuple"]) + ")"
                else:
                    shape = " { " + ", ".join(f"{item(f)['name']}: {_ty(item(f)['inner']['struct_field'])}"
                                             for f in vk["struct"]["fields"]) + " }"
                lines.add(f"{path}: variant {vi['name']}{shape}")
            members(path, v["impls"])
        elif k == "union":
            lines.add(f"{path}: union{gen}{wh}")
            members(path, v["impls"])
        elif k == "function":
            lines.add(f"{path}: {_fn(it['name'], v)}")
        elif k == "trait":
            sup = f": {_bounds(v['bounds'])}" if v.get("bounds") else ""
            lines.add(f"{path}: {'unsafe ' if v['is_unsafe'] else ''}trait{gen}{sup}{wh}")
            for m in v["items"]:
                mi = item(m)
                if mi is None:
                    continue
                (mk, mv), = mi["inner"].items()
                if mk == "function":
                    lines.add(f"{path}: {_fn(mi['name'], mv)}" + ("" if mv["has_body"] else " (required)"))
                elif mk == "assoc_type":
                    lines.add(f"{path}: type {mi['name']}")
                else:
                    lines.add(f"{path}: {mk} {mi['name']}")
        elif k == "constant":
            lines.add(f"{path}: const: {_ty(v['type'])}")
        elif k == "static":
            lines.add(f"{path}: static{' mut' if v['is_mutable'] else ''}: {_ty(v['type'])}")
        elif k == "type_alias":
            lines.add(f"{path}: type{gen} = {_ty(v['type'])}")
        elif k == "macro":
            lines.add(f"{path}: macro_rules!")
        elif k == "proc_macro":
            lines.add(f"{path}: proc macro {v.get('kind')}")
        else:
            lines.add(f"{path}: {k}")

    root = doc["root"]
    visit(root, index[str(root)]["name"])
    return sorted(lines)


# ---------------------------------------------------------------- python (introspection)

# The modules users import from (`zeitkonto.client` and `zeitkonto._*` are reached through `zeitkonto`;
# the CLI's surface is its command line, tested by its own suite).
PY_MODULES = ["zeitkonto", "zeitkonto.errors", "zeitkonto.models", "zeitkonto.jobs", "zeitkonto.testing",
              "zeitkonto.sansio", "zeitkonto.pytest_plugin"]


def python() -> list[str]:
    """The public names of the public modules, as the installed package has them."""
    import enum
    import importlib
    import inspect

    def sig(f: Any) -> str:
        try:
            return str(inspect.signature(f))
        except (TypeError, ValueError):
            return "(...)"

    lines: set[str] = set()
    for modname in PY_MODULES:
        mod = importlib.import_module(modname)
        names = getattr(mod, "__all__", None) or [
            n for n, v in vars(mod).items() if not n.startswith("_") and getattr(v, "__module__", None) == modname
        ]
        for name in sorted(names):
            obj = getattr(mod, name)
            where = f"{modname}.{name}"
            if inspect.ismodule(obj):
                continue
            if inspect.isclass(obj):
                if modname != "zeitkonto" and getattr(obj, "__module__", "").split(".")[0] != "zeitkonto":
                    continue  # a name the module imported for itself
                bases = ", ".join(b.__qualname__ for b in obj.__bases__ if b is not object)
                lines.add(f"{where}: class({bases})")
                if issubclass(obj, enum.Enum):
                    for m in obj:
                        lines.add(f"{where}: member {m.name} = {m.value!r}")
                    continue
                for attr in sorted(set(dir(obj))):
                    if attr.startswith("_") and attr not in ("__init__", "__call__", "__enter__", "__exit__",
                                                             "__aenter__", "__aexit__", "__iter__", "__aiter__"):
                        continue
                    if attr == "__init__" and obj.__init__ is object.__init__:
                        continue
                    owner = next((k for k in obj.__mro__ if attr in vars(k)), obj)
                    if not getattr(owner, "__module__", "").startswith("zeitkonto"):
                        continue  # inherited from Python itself (it differs between Python versions)
                    raw = inspect.getattr_static(obj, attr)
                    if type(raw).__name__ == "Field":
                        conv = getattr(raw.convert, "__name__", type(raw.convert).__name__)
                        lines.add(f"{where}.{attr}: field {raw.key!r} via {conv}")
                    elif isinstance(raw, property):
                        ann = raw.fget.__annotations__.get("return", "") if raw.fget else ""
                        lines.add(f"{where}.{attr}: property -> {ann}")
                    elif isinstance(raw, (staticmethod, classmethod)):
                        lines.add(f"{where}.{attr}: {type(raw).__name__}{sig(getattr(obj, attr))}")
                    elif callable(raw):
                        lines.add(f"{where}.{attr}: def{sig(raw)}")
                    else:
                        ann = {}
                        for klass in reversed(obj.__mro__):
                            ann.update(getattr(klass, "__annotations__", {}))
                        lines.add(f"{where}.{attr}: {ann.get(attr, type(raw).__name__)}")
                for field, ann in getattr(obj, "__annotations__", {}).items():
                    if not field.startswith("_"):
                        lines.add(f"{where}.{field}: {ann}")
            elif callable(obj):
                if modname != "zeitkonto" and getattr(obj, "__module__", "").split(".")[0] != "zeitkonto":
                    continue
                lines.add(f"{where}: def{sig(obj)}")
            else:
                lines.add(f"{where}: {type(obj).__name__}")
    return sorted(re.sub(r"ForwardRef\('([^']*)'\)", r"\1", line) for line in lines)


# ---------------------------------------------------------------- npm (.d.ts)


def npm(files: list[Path]) -> list[str]:
    """The declaration files without comments, blank lines and indentation."""
    out = []
    for f in files:
        text = re.sub(r"/\*.*?\*/", "", f.read_text(), flags=re.S)
        for line in text.splitlines():
            line = re.sub(r"(^|\s)//.*$", "", line).strip()
            if line:
                out.append(f"{f.name}: {line}")
    return out


# ---------------------------------------------------------------- kotlin (javap)


def kotlin(jar: Path) -> list[str]:
    """`javap -public` of every public class in the jar's `de/zeitkonto` package."""
    listing = subprocess.run(["unzip", "-Z1", str(jar)], check=True, capture_output=True, text=True).stdout
    classes = sorted(n[:-6].replace("/", ".") for n in listing.splitlines()
                     if n.startswith("de/zeitkonto/") and n.endswith(".class"))
    text = subprocess.run(["javap", "-public", "-cp", str(jar), *classes], check=True, capture_output=True,
                          text=True).stdout
    lines: set[str] = set()
    owner = ""  # "" while inside a class that is not part of the API
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("Compiled from") or line == "}":
            continue
        if line.endswith("{"):
            header = line[:-1].strip()
            name = re.search(r"(?:class|interface|enum) ([\w.$]+)", header)
            # Not API: package-private classes, lambdas and other numbered synthetic classes, and
            # uniffi's plumbing (public on the JVM only because Kotlin's `internal` is). The file
            # facade of the generated top-level functions (`Zeitkonto_uniffiKt`: `buildRequest`,
            # `redactedProxyUrl`, ...) is API; its plumbing members are left out below.
            if not header.startswith("public") or not name or re.search(r"\$\d|[Uu]niffi(?!Kt$)", name.group(1)):
                owner = ""
                continue
            owner = name.group(1)
            lines.add(header)
        elif owner and not re.search(r"(?i:uniffi)|\$|\baccess\$|\bIDX_CALLBACK_FREE\b", line):
            lines.add(f"{owner} :: {line}")
    return sorted(lines)


# ---------------------------------------------------------------- swift (symbol graphs)


def swift(graphs: list[Path]) -> list[str]:
    """Each public symbol (module, path, kind, declaration) and each conformance of a public type."""
    lines: set[str] = set()
    for g in graphs:
        doc = json.loads(g.read_text())
        module = doc["module"]["name"]
        paths = {}
        for sym in doc["symbols"]:
            if sym.get("accessLevel") not in ("public", "open"):
                continue
            path = f"{module}.{'.'.join(sym['pathComponents'])}"
            paths[sym["identifier"]["precise"]] = path
            decl = "".join(f["spelling"] for f in sym.get("declarationFragments", []))
            lines.add(f"{path}: {sym['kind']['identifier']}: {' '.join(decl.split())}")
        for rel in doc.get("relationships", []):
            if rel["kind"] in ("conformsTo", "inheritsFrom") and rel["source"] in paths:
                target = paths.get(rel["target"]) or rel.get("targetFallback") or rel["target"]
                lines.add(f"{paths[rel['source']]}: {rel['kind']} {target}")
    return sorted(lines)


if __name__ == "__main__":
    kind = sys.argv[1]
    if kind == "rust":
        result = rust(Path(sys.argv[2]))
    elif kind == "python":
        result = python()
    elif kind == "npm":
        result = npm([Path(p) for p in sys.argv[2:]])
    elif kind == "kotlin":
        result = kotlin(Path(sys.argv[2]))
    elif kind == "swift":
        result = swift([Path(p) for p in sys.argv[2:]])
    else:
        sys.exit(f"unknown kind {kind!r}")
    sys.stdout.write("".join(line + "\n" for line in result))
