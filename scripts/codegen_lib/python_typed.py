"""Python's typed crossing (Rust side, `bindings-python/src/typed.rs`) and its stubs (`_core.pyi`)."""

from .common import *  # noqa: F401,F403 - the shared helpers


# Python's typed crossing (Rust side): a call's parameters are read by the core's own reader
# (`ops::params_from_json`, as sans-IO's and npm's are) from their JSON form (`convert::from_py`:
# dates and times as their text); the core's typed outputs cross as `<Model>Data` objects (one per
# model, owning the core's struct) whose getters give Python objects (dates as `datetime.date`,
# ...). No `serde_json::Value` on the way out but for the JSON parts.


def pyo3_get(f, models):
    """The conversion of the field `self.0.<name>` into a Python object."""
    shape, d = field_shape(f, models)
    v = f"self.0.{f['name']}"
    if shape == "scalar":
        return {
            "String": f"{v}.as_deref().into_py_any(py)",
            "Date": f"date_py(py, {v})",
            "DateTime": f"datetime_py(py, {v})",
            "TimeOfDay": f"time_py(py, {v})",
            "EpochMillis": f"epoch_py(py, {v})",
            "Month": f"{v}.map(|x| x.number()).into_py_any(py)",
        }.get(d, f"{v}.into_py_any(py)")
    return {
        "json": f"opt_value(py, {v}.as_ref())",
        "model": f"{v}.clone().map({d}Data).into_py_any(py)",
        "models": f"list_of(py, {v}.iter().cloned().map({d}Data))",
        "json_list": f"values(py, &{v})",
        "text_list": f"{v}.clone().into_py_any(py)",
        "json_map": f"value_map(py, {v}.iter())",
        "text": f"{v}.as_str().into_py_any(py)",
    }[shape]


def match_fn(doc, signature, scrutinee, arms):
    """A generated function that is one `match`: its doc line, signature, and one line per arm."""
    return [f"/// {doc}", f"{signature} {{", f"    match {scrutinee} {{", *(f"        {a}," for a in arms), "    }", "}", ""]


def py_output_variant(op):
    kind, model = output_parts(op["output"])
    return {
        "unit": ("()", "Ok(py.None())"),
        "rawlist": ("Vec<serde_json::Value>", "values(py, &out)"),
        "list": (f"Vec<core::{model}>", f"list_of(py, out.into_iter().map({model}Data))"),
        "map": (f"std::collections::BTreeMap<String, core::{model}>", f"map_of(py, out.into_iter().map(|(k, v)| (k, {model}Data(v))))"),
        "one": (f"core::{model}", f"Py::new(py, {model}Data(out)).map(Py::into_any)"),
    }[kind]


def python_typed(decl):
    models = {m["name"] for m in decl["models"]}
    ops = decl["operations"]
    out = [
        "//! Python's typed crossing: a call's parameters are read into the core's params struct by the",
        "//! core's reader (`params`, from their JSON form); each core model crosses as a",
        "//! `<Model>Data` object owning the core's struct, whose getters give Python objects (dates as",
        "//! `datetime.date`, wall-clock times as `datetime.datetime`, clock times as `datetime.time`, epoch",
        "//! milliseconds as aware UTC `datetime`s) when Python reads a field; `to_py()` gives the",
        "//! canonical dict. No `serde_json::Value` between the core and Python but for the JSON parts.",
        f"//! {HEADER}",
        "",
        "use pyo3::prelude::*;",
        "use pyo3::IntoPyObjectExt;",
        "use zeitkonto_core::{self as core, ops, Error, Operation, OperationId, Response};",
        "",
        "use crate::convert::{date_py, datetime_py, epoch_py, time_py};",
        "use crate::typed_support::{list_of, map_of, opt_value, value_map, values};",
        "",
        "/// An operation with its parameters, read on the Python thread, run on the runtime.",
        "pub(crate) enum Params {",
    ]
    for op in ops:
        out.append(f"    {pascal(op['name'])}(ops::{pascal(op['name'])}),")
    out += ["}", "", "/// An operation's typed output, handed from the runtime to the Python thread.", "pub(crate) enum Output {"]
    for op in ops:
        ty, _ = py_output_variant(op)
        out.append(f"    {pascal(op['name'])}({ty}),")
    out += ["}", ""]
    out += [
        "/// The parameters of `op` from their canonical JSON form (the core's reader, the same in every",
        "/// language; the core checks them again when it builds the request).",
        "pub(crate) fn params(op: OperationId, v: &serde_json::Value) -> Result<Params, Error> {",
        "    Ok(match op {",
    ]
    for op in ops:
        P = pascal(op["name"])
        out.append(f"        OperationId::{P} => Params::{P}(ops::params_from_json(op, v)?),")
    out += ["    })", "}", ""]
    clock = sorted({camel(p["name"]) for op in ops for p in op["params"] if p["type"] == "timeOfDay"})
    out += ["/// The parameters that take a clock time (a `datetime` given for one is its own `.time()`,",
            "/// as one given for a day is its `.date()`).",
            f"pub(crate) const CLOCK_TIMES: &[&str] = &[{', '.join(chr(34) + n + chr(34) for n in clock)}];", ""]
    out += match_fn("Runs the call through the client's driver, typed end to end.",
                    "pub(crate) async fn execute(client: &zeitkonto::Client, params: Params) -> Result<Output, Error>",
                    "params", [f"Params::{pascal(op['name'])}(p) => client.execute(&p).await.map(Output::{pascal(op['name'])})"
                               for op in ops])
    out += match_fn("Parses a response of `op` into its typed output (sans-IO).",
                    "pub(crate) fn parse(op: OperationId, response: &Response) -> Result<Output, Error>",
                    "op", [f"OperationId::{pascal(op['name'])} => ops::{pascal(op['name'])}::parse(response).map(Output::{pascal(op['name'])})"
                           for op in ops])
    arms = []
    for op in ops:
        _, conv = py_output_variant(op)
        arms.append(f"Output::{pascal(op['name'])}({'_' if conv == 'Ok(py.None())' else 'out'}) => {conv}")
    out += match_fn("The output as Python objects (models as `<Model>Data`, read lazily).",
                    "pub(crate) fn output_to_py(py: Python<'_>, output: Output) -> PyResult<Py<PyAny>>", "output", arms)
    for md in decl["models"]:
        name = md["name"]
        out.append(f"/// The core's `{name}` as Python reads it (see `zeitkonto.models.{name}`).")
        out.append('#[pyclass(module = "zeitkonto._core", frozen)]')
        out.append(f"pub(crate) struct {name}Data(pub(crate) core::{name});")
        out.append("")
        out.append("#[pymethods]")
        out.append(f"impl {name}Data {{")
        for f in md["fields"]:
            out.append(f"    /// `{f['key']}` as a Python object.")
            out.append("    #[getter]")
            out.append(f"    fn {f['name']}(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {{")
            out.append(f"        {pyo3_get(f, models)}")
            out.append("    }")
            out.append("")
        if md["extra"]:
            out.append("    /// The fields this version does not know, as a dict.")
            out.append("    #[getter]")
            out.append("    fn extra(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {")
            out.append("        value_map(py, self.0.extra.iter())")
            out.append("    }")
            out.append("")
        out.append("    /// The canonical JSON form as plain Python objects.")
        out.append("    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {")
        out.append("        crate::typed_support::canonical(py, &self.0)")
        out.append("    }")
        out.append("}")
        out.append("")
    out.append("/// Adds every `<Model>Data` class to the module.")
    out.append("pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {")
    for md in decl["models"]:
        out.append(f"    m.add_class::<{md['name']}Data>()?;")
    out.append("    Ok(())")
    out.append("}")
    return "\n".join(out) + "\n"


def pyi_data(decl, current):
    block = ["# <generated:data> " + HEADER, "", "__all__ += ["] + [f'    "{m["name"]}Data",' for m in decl["models"]] + ["]"]
    for md in decl["models"]:
        block += ["", "@final", f"class {md['name']}Data:",
                  f'    """The core\'s ``{md["name"]}``, read field by field (see ``zeitkonto.models.{md["name"]}``)."""', "",
]
        for f in md["fields"]:
            block += ["    @property", f"    def {f['name']}(self) -> Any: ..."]
        if md["extra"]:
            block += ["    @property", "    def extra(self) -> Any: ..."]
        block += ["    def to_py(self) -> Any: ..."]
    block.append("# </generated:data>")
    return replace_block(current, "data", "\n".join(block), comment="#")
