//! Rows as CSV or JSON (values as a spreadsheet and a JSON reader want them), and the progress
//! report on stderr.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use serde_json::Value;
use zeitkonto_core::jobs::Digest;

type Stream = Arc<Mutex<Box<dyn Write + Send>>>;

/// Where the command line writes: the process's stdout and stderr ([`Io::process`]), or streams of
/// the caller's ([`Io::new`]: Python's `sys.stdout` and `sys.stderr` when a test captures them).
#[derive(Clone)]
pub struct Io {
    out: Stream,
    err: Stream,
    pub(crate) err_terminal: bool,
}

impl Io {
    /// The process's stdout and stderr.
    pub fn process() -> Io {
        let err_terminal = std::io::IsTerminal::is_terminal(&io::stderr());
        Io::new(Box::new(io::stdout()), Box::new(io::stderr()), err_terminal)
    }

    /// The caller's streams; `err_terminal`: whether `err` is a terminal (a progress bar, not lines).
    pub fn new(out: Box<dyn Write + Send>, err: Box<dyn Write + Send>, err_terminal: bool) -> Io {
        Io { out: Arc::new(Mutex::new(out)), err: Arc::new(Mutex::new(err)), err_terminal }
    }

    /// A line on stderr (a closed stderr is not a reason to fail).
    pub fn say(&self, text: &str) {
        self.err_write(&format!("{text}\n"));
    }

    /// Text on stderr, as it is.
    pub fn err_write(&self, text: &str) {
        let mut err = self.err.lock().unwrap_or_else(|p| p.into_inner());
        let _ = err.write_all(text.as_bytes());
        let _ = err.flush();
    }

    /// Stdout, as a writer.
    pub fn out(&self) -> SharedOut {
        SharedOut(self.out.clone())
    }
}

/// [`Io`]'s stdout as a writer.
pub struct SharedOut(Stream);

impl Write for SharedOut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).flush()
    }
}

/// A row: its fields in order (ours first, then the record's).
pub type Row = Vec<(String, Val)>;

/// A value of a row: JSON as it came, or a record's fields in their declared order (which a
/// JSON object of `serde_json` would sort).
pub enum Val {
    /// As it came.
    Raw(Value),
    /// A record's fields, in order.
    Record(Vec<(String, Val)>),
    /// A list of records.
    List(Vec<Val>),
}

impl From<String> for Val {
    fn from(s: String) -> Val {
        Val::Raw(Value::String(s))
    }
}

impl Val {
    /// As JSON text: compact (a CSV cell) or with Python's `json.dumps` spacing (a JSON row).
    pub fn json(&self, spacing: bool) -> String {
        let (comma, colon) = if spacing { (", ", ": ") } else { (",", ":") };
        match self {
            Val::Raw(v) if spacing => spaced(v),
            Val::Raw(v) => v.to_string(),
            Val::Record(fields) => {
                let items: Vec<String> = fields
                    .iter()
                    .map(|(k, v)| format!("{}{colon}{}", Value::String(k.clone()), v.json(spacing)))
                    .collect();
                format!("{{{}}}", items.join(comma))
            }
            Val::List(items) => {
                let items: Vec<String> = items.iter().map(|v| v.json(spacing)).collect();
                format!("[{}]", items.join(comma))
            }
        }
    }
}

/// Python's `json.dumps` spacing (`", "`, `": "`), which the rows of `--format json` have.
struct Spaced;

impl serde_json::ser::Formatter for Spaced {
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
}

fn spaced(v: &Value) -> String {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, Spaced);
    // Writing a `Value` into memory cannot fail.
    let _ = serde::Serialize::serialize(v, &mut ser);
    String::from_utf8(out).unwrap_or_default()
}

/// A CSV cell: nothing for null; a text a spreadsheet would read as a formula (`=`, `+`, `-`,
/// `@`, a tab or a carriage return first) with a `'` before it, as OWASP advises against CSV
/// injection; numbers and booleans as JSON writes them; a nested record or list as compact JSON.
fn cell(v: &Val) -> String {
    match v {
        Val::Raw(Value::Null) => String::new(),
        Val::Raw(Value::String(s)) if s.starts_with(['=', '+', '-', '@', '\t', '\r']) => format!("'{s}"),
        Val::Raw(Value::String(s)) => s.clone(),
        other => other.json(false),
    }
}

/// Rows to CSV or JSON, to a file or stdout; resumable at a byte length. The CSV header is
/// written when the columns are known ([`Writer::set_columns`]: at once for a fixed table, at the
/// first row for one whose columns are its rows' keys); a lazy writer (stdout) holds the file's
/// start (BOM, JSON's `[`, the header) until its first row or its end.
pub struct Writer<W: Write> {
    pub out: W,
    json: bool,
    pub columns: Option<Vec<String>>,
    from_first_row: bool,
    pub rows: u64,
    delimiter: char,
    fresh: bool,
    unlisted: Vec<String>,
    /// The file's start, held back by a lazy writer (none: written, or not held back).
    held: Option<String>,
    /// Bytes written through this writer (a resumed file's length is added by the caller).
    pub written: u64,
    /// The digest of every byte of the output so far (a resumed file's part included: its
    /// digest is where this one starts), which a checkpoint's note keeps.
    pub digest: Digest,
}

impl<W: Write> Writer<W> {
    /// A writer over `out`; `written` and `rows`: what a stopped run wrote before (none: a new
    /// file, which gets the BOM, JSON's `[` and the header), `digest` that part's digest.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        out: W,
        json: bool,
        bom: bool,
        delimiter: char,
        written: u64,
        rows: u64,
        lazy: bool,
        digest: Digest,
    ) -> io::Result<Self> {
        let mut w = Writer {
            out,
            json,
            columns: None,
            from_first_row: false,
            rows,
            delimiter,
            fresh: written == 0,
            unlisted: Vec::new(),
            held: lazy.then(String::new),
            written: 0,
            digest,
        };
        if w.fresh {
            if bom {
                w.put("\u{feff}")?;
            }
            if json {
                w.put("[")?;
            }
            w.out.flush()?;
        }
        Ok(w)
    }

    /// Writes `text`, or holds it back while the file's start is held.
    fn put(&mut self, text: &str) -> io::Result<()> {
        if let Some(held) = &mut self.held {
            held.push_str(text);
            return Ok(());
        }
        self.out.write_all(text.as_bytes())?;
        self.written += text.len() as u64;
        self.digest.update(text.as_bytes());
        Ok(())
    }

    /// Writes what was held back (at the first row or the end).
    fn release(&mut self) -> io::Result<()> {
        match self.held.take() {
            Some(text) => self.put(&text),
            None => Ok(()),
        }
    }

    /// The CSV columns; the header goes out when nothing of this file was written before.
    /// `from_first_row`: they are the first row's keys (a later row's other keys are said).
    pub fn set_columns(&mut self, columns: Vec<String>, from_first_row: bool) -> io::Result<()> {
        self.from_first_row = from_first_row;
        if self.fresh && !self.json {
            self.csv_line(&columns)?;
            self.out.flush()?;
        }
        self.columns = Some(columns);
        Ok(())
    }

    fn csv_line(&mut self, values: &[String]) -> io::Result<()> {
        let d = self.delimiter;
        let quoted: Vec<String> =
            values
                .iter()
                .map(|v| {
                    if v.contains([d, '"', '\r', '\n']) {
                        format!("\"{}\"", v.replace('"', "\"\""))
                    } else {
                        v.clone()
                    }
                })
                .collect();
        let line = quoted.join(&d.to_string()) + "\r\n";
        self.put(&line)
    }

    /// One row; the fields a CSV table's columns (the first row's) do not have, said the first
    /// time (JSON output keeps every field).
    pub fn row(&mut self, values: &Row) -> io::Result<Vec<String>> {
        let mut unlisted = Vec::new();
        if self.columns.is_none() {
            self.set_columns(values.iter().map(|(k, _)| k.clone()).collect(), true)?;
        }
        self.release()?;
        if self.json {
            let fields: Vec<String> =
                values.iter().map(|(k, v)| format!("{}: {}", Value::String(k.clone()), v.json(true))).collect();
            let sep = if self.rows > 0 { "," } else { "" };
            self.put(&format!("{sep}\n{{{}}}", fields.join(", ")))?;
        } else {
            let columns = self.columns.clone().unwrap_or_default();
            if self.from_first_row {
                for (k, _) in values {
                    if !columns.contains(k) && !self.unlisted.contains(k) {
                        self.unlisted.push(k.clone());
                        unlisted.push(k.clone());
                    }
                }
            }
            let cells: Vec<String> = columns
                .iter()
                .map(|c| values.iter().find(|(k, _)| k == c).map_or(String::new(), |(_, v)| cell(v)))
                .collect();
            self.csv_line(&cells)?;
        }
        self.rows += 1;
        Ok(unlisted)
    }

    /// The end: JSON's `]`, and everything flushed.
    pub fn close(&mut self) -> io::Result<()> {
        self.release()?;
        if self.json {
            self.put("\n]\n")?;
        }
        self.out.flush()
    }
}

/// Seconds as `M:SS`, or `H:MM:SS` from an hour.
pub fn clock(seconds: f64) -> String {
    let s = seconds.round().max(0.0) as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A bar with ETA on a terminal (stderr), plain lines otherwise (about every 10 %).
pub struct ProgressReport {
    io: Io,
    last_tenth: Option<u64>,
}

impl ProgressReport {
    /// On `io`'s stderr.
    pub fn new(io: &Io) -> Self {
        ProgressReport { io: io.clone(), last_tenth: None }
    }

    /// After a call: `done` of `total`, `eta` seconds.
    pub fn update(&mut self, done: u64, total: u64, eta: f64) {
        let whole = total.max(1);
        if self.io.err_terminal {
            let filled = (30 * done / whole).min(30) as usize;
            let bar = format!("{}{}", "#".repeat(filled), ".".repeat(30 - filled));
            self.io.err_write(&format!("\r[{bar}] {done}/{total} calls, ETA {}   ", clock(eta)));
        } else {
            let tenth = 10 * done / whole;
            if Some(tenth) != self.last_tenth || done == total {
                self.last_tenth = Some(tenth);
                self.io.say(&format!("progress: {done}/{total} calls, eta {}", clock(eta)));
            }
        }
    }

    /// The bar's line ends (before another message, and at the end).
    pub fn done(&self) {
        self.ender().end();
    }

    /// What ends the bar's line, apart from the report.
    pub fn ender(&self) -> LineEnd {
        LineEnd(self.io.clone())
    }
}

/// Ends the progress bar's line on a terminal.
pub struct LineEnd(Io);

impl LineEnd {
    /// A newline on stderr, when it is a terminal.
    pub fn end(&self) {
        if self.0.err_terminal {
            self.0.err_write("\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn cells_a_spreadsheet_would_run_as_formulas_get_a_quote_and_numbers_stay_numbers() {
        let cells: Vec<String> = [
            json!("=HYPERLINK(\"x\")"),
            json!("+1"),
            json!("-2"),
            json!("@SUM(A1)"),
            json!("\tx"),
            json!("plain"),
            json!(-2.5),
            json!(0),
            json!(null),
            json!(true),
        ]
        .into_iter()
        .map(|v| cell(&Val::Raw(v)))
        .collect();
        assert_eq!(cells, ["'=HYPERLINK(\"x\")", "'+1", "'-2", "'@SUM(A1)", "'\tx", "plain", "-2.5", "0", "", "true"]);
    }

    #[test]
    fn csv_quotes_what_needs_it_and_json_rows_are_spaced_as_python_wrote_them() {
        let mut w = Writer::new(Vec::new(), false, true, ';', 0, 0, false, Digest::default()).unwrap();
        w.set_columns(vec!["a".into(), "b".into()], false).unwrap();
        w.row(&vec![("a".into(), Val::from("x;y".to_string())), ("b".into(), Val::from("say \"hi\"".to_string()))])
            .unwrap();
        w.close().unwrap();
        assert_eq!(String::from_utf8(w.out).unwrap(), "\u{feff}a;b\r\n\"x;y\";\"say \"\"hi\"\"\"\r\n");
        let mut w = Writer::new(Vec::new(), true, false, ',', 0, 0, false, Digest::default()).unwrap();
        let nested =
            Val::Record(vec![("target".into(), Val::Raw(json!(480.0))), ("actual".into(), Val::Raw(json!(0.0)))]);
        w.row(&vec![("today".into(), nested), ("list".into(), Val::Raw(json!([1, {"k": "v"}])))]).unwrap();
        w.row(&vec![("today".into(), Val::Raw(json!(null)))]).unwrap();
        w.close().unwrap();
        let text = String::from_utf8(w.out).unwrap();
        assert_eq!(text, "[\n{\"today\": {\"target\": 480.0, \"actual\": 0.0}, \"list\": [1, {\"k\": \"v\"}]},\n{\"today\": null}\n]\n");
        assert_eq!(w.written as usize, text.len());
        let mut all = Digest::default();
        all.update(text.as_bytes());
        assert_eq!(w.digest, all, "the digest of every byte written");
    }

    #[test]
    fn a_lazy_writer_writes_nothing_before_its_first_row_or_its_end() {
        let mut w = Writer::new(Vec::new(), false, true, ',', 0, 0, true, Digest::default()).unwrap();
        w.set_columns(vec!["a".into()], false).unwrap();
        assert!(w.out.is_empty(), "nothing yet: a job that fails now leaves no header");
        w.row(&vec![("a".into(), Val::from("1".to_string()))]).unwrap();
        assert_eq!(String::from_utf8(w.out.clone()).unwrap(), "\u{feff}a\r\n1\r\n");
        let mut w = Writer::new(Vec::new(), true, false, ',', 0, 0, true, Digest::default()).unwrap();
        assert!(w.out.is_empty());
        w.close().unwrap();
        assert_eq!(String::from_utf8(w.out).unwrap(), "[\n]\n", "an empty list at a whole end");
    }

    #[test]
    fn clock_reads_minutes_then_hours() {
        assert_eq!(
            [clock(0.0), clock(59.6), clock(3599.0), clock(3600.0), clock(-1.0)],
            ["0:00", "1:00", "59:59", "1:00:00", "0:00"]
        );
    }
}
