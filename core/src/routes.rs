//! The route table: method and path template of each operation.
//!
//! The defaults are those of `docs/spec/routes.md`; 15 of them are assumptions, so every route can be
//! overridden at run time ([`RouteTable::set`]). The sandbox serves the same table.

use std::collections::BTreeMap;
use std::fmt;

use crate::error::Error;
use crate::method::Method;
use crate::secret::shown_name;

macro_rules! operations {
    ($( $(#[doc = $doc:literal])* $variant:ident = $name:literal, $method:ident, $path:literal, $idem:literal, $source:literal, $spec:literal, $key:ident; )*) => {
        /// The operations of the API, by their stable name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum OperationId {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl OperationId {
            /// All operations, in the order of `docs/spec/routes.md`.
            pub const ALL: &'static [OperationId] = &[$(OperationId::$variant),*];

            /// The one-line summary (this variant's doc), the first line of every language's doc.
            pub fn summary(self) -> &'static str {
                match self { $(OperationId::$variant => concat!($($doc),*).trim_ascii(),)* }
            }

            /// The stable snake_case name (`"time_account"`), the same in every language.
            pub fn name(self) -> &'static str {
                match self { $(OperationId::$variant => $name,)* }
            }

            /// Whether sending it twice is harmless (reads). Writes are never retried once they may
            /// have reached the server.
            pub fn is_idempotent(self) -> bool {
                match self { $(OperationId::$variant => $idem,)* }
            }

            /// The default route of `docs/spec/routes.md`.
            pub fn default_route(self) -> Route {
                match self { $(OperationId::$variant => Route { method: Method::$method, template: $path.to_string() },)* }
            }

            /// Where the default route comes from: `help`, `spec` or `assumed`.
            pub fn route_source(self) -> &'static str {
                match self { $(OperationId::$variant => $source,)* }
            }

            /// The section of `docs/spec/api-spec.md` ("Endpoints") the operation follows, by its
            /// heading; empty for an operation the spec does not have.
            pub fn spec_section(self) -> &'static str {
                match self { $(OperationId::$variant => $spec,)* }
            }

            /// The key the request is authenticated with, and the one the server counts it
            /// against for its rate limit (the client's limiter keys its buckets by it).
            pub fn key_kind(self) -> KeyKind {
                match self { $(OperationId::$variant => KeyKind::$key,)* }
            }

            /// The operation with this stable name.
            pub fn from_name(name: &str) -> Option<OperationId> {
                match name { $($name => Some(OperationId::$variant),)* _ => None }
            }

            /// The operation with this stable name; otherwise an [`Error::InvalidInput`] naming
            /// `operation` (every binding's `call` and sans-IO functions, the test kits).
            pub fn by_name(name: &str) -> Result<OperationId, Error> {
                OperationId::from_name(name).ok_or_else(|| Error::invalid("operation", shown_name("unknown operation", name)))
            }
        }
    };
}

// The table itself is generated from the `route!` row of each operation's file (core/src/ops/).
include!("generated/routes.rs");

/// Which of the context's keys an operation uses ([`OperationId::key_kind`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyKind {
    /// The company's API key (`{api}` in the path, or `apiKey` in the body).
    Company,
    /// The workspace's API key of the shift planner (`{workspaceApi}`, or in the body).
    Workspace,
}

impl KeyKind {
    /// The stable name: `company` or `workspace`.
    pub fn name(self) -> &'static str {
        match self {
            KeyKind::Company => "company",
            KeyKind::Workspace => "workspace",
        }
    }
}

impl fmt::Display for OperationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Path placeholders whose values are secrets in every operation (printed as `***`): the keys, and
/// `{employee}`, which may be an employee's key. `{department}` is a secret only where it is a
/// department key (`department_accounts`, through `RequestBuilder::secret_path`); the department
/// summaries take an id there, which is printed as it is.
pub const SECRET_PLACEHOLDERS: &[&str] = &["api", "workspaceApi", "employee"];

/// The placeholders of [`SECRET_PLACEHOLDERS`] that may hold an identifier instead of a key (the
/// employee: a UUID, an e-mail or the employee's key). A UUID or an e-mail there is redacted from
/// messages, not from answers, which legitimately carry it
/// ([`crate::secret::Secrets::add_identifier`]); any other value is the employee's key, redacted
/// from answers too.
pub const IDENTIFIER_PLACEHOLDERS: &[&str] = &["employee"];

/// A method and a path template such as `/rest/api/time/presence/{api}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Route {
    /// The HTTP method.
    pub method: Method,
    /// The path template; `{name}` placeholders are filled from the operation's parameters.
    pub template: String,
}

impl Route {
    /// A route from a method and a template; the template must start with `/` and its `{...}`
    /// placeholders must be well-formed.
    pub fn new(method: Method, template: impl Into<String>) -> Result<Route, Error> {
        let template = template.into();
        if !template.starts_with('/') {
            // Not quoted: a route is no place for a key, but one given there by mistake is not shown.
            return Err(Error::invalid("routes", "a path template must start with '/'"));
        }
        if template.contains(['?', '#']) {
            return Err(Error::invalid("routes", "a path template has no query or fragment"));
        }
        placeholders(&template)?;
        Ok(Route { method, template })
    }

    /// Parses `"POST /rest/api/x/{api}"`.
    pub fn parse(s: &str) -> Result<Route, Error> {
        let (m, p) = s.trim().split_once(' ').ok_or_else(|| Error::invalid("routes", "expected \"METHOD /path\""))?;
        let method = Method::parse(m)
            .ok_or_else(|| Error::invalid("routes", "unknown method (GET, POST, PUT, DELETE or PATCH)"))?;
        Route::new(method, p.trim())
    }

    /// The placeholder names of the template, in order.
    pub fn placeholders(&self) -> Vec<&str> {
        placeholders(&self.template).unwrap_or_default()
    }

    /// Whether this route can serve `op`: it must use every placeholder of the operation's default
    /// route (a route without `{action}` would send `come`, `go` and `stop` as one request; one
    /// without `{api}` would send no key) and no other.
    pub fn check_for(&self, op: OperationId) -> Result<(), Error> {
        let default = op.default_route();
        let (want, have) = (default.placeholders(), self.placeholders());
        if let Some(missing) = want.iter().find(|n| !have.contains(n)) {
            return Err(Error::invalid(
                "routes",
                format!("the route of `{op}` leaves out {{{missing}}}, which the operation needs"),
            ));
        }
        // (The placeholder is not quoted: a key given there by mistake is not shown.)
        if have.iter().any(|n| !want.contains(n)) {
            return Err(Error::invalid(
                "routes",
                format!("the route of `{op}` uses a placeholder this operation does not have"),
            ));
        }
        Ok(())
    }
}

impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.method, self.template)
    }
}

fn placeholders(template: &str) -> Result<Vec<&str>, Error> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        let end = after.find('}').ok_or_else(|| Error::invalid("routes", "unclosed '{' in path template"))?;
        let name = &after[..end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(Error::invalid(
                "routes",
                "a bad placeholder in the path template ({name}: letters, digits and '_')",
            ));
        }
        out.push(name);
        rest = &after[end + 1..];
    }
    if rest.contains('}') {
        return Err(Error::invalid("routes", "stray '}' in path template"));
    }
    Ok(out)
}

/// The routes in use: the defaults of `docs/spec/routes.md` plus any overrides.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RouteTable {
    overrides: BTreeMap<OperationId, Route>,
}

impl RouteTable {
    /// The default table.
    pub fn new() -> RouteTable {
        RouteTable::default()
    }

    /// The route of `op` (override or default).
    pub fn get(&self, op: OperationId) -> Route {
        self.overrides.get(&op).cloned().unwrap_or_else(|| op.default_route())
    }

    /// Overrides the route of `op`.
    pub fn set(&mut self, op: OperationId, route: Route) {
        self.overrides.insert(op, route);
    }

    /// Overrides by stable operation name and `"METHOD /path"`.
    pub fn set_by_name(&mut self, operation: &str, route: &str) -> Result<(), Error> {
        let op = OperationId::from_name(operation)
            .ok_or_else(|| Error::invalid("routes", shown_name("unknown operation", operation)))?;
        let route = Route::parse(route)?;
        route.check_for(op)?;
        self.set(op, route);
        Ok(())
    }

    /// The default table with overrides by stable operation name and `"METHOD /path"`.
    pub fn from_overrides<K: AsRef<str>, V: AsRef<str>>(
        overrides: impl IntoIterator<Item = (K, V)>,
    ) -> Result<RouteTable, Error> {
        let mut table = RouteTable::new();
        for (op, route) in overrides {
            table.set_by_name(op.as_ref(), route.as_ref())?;
        }
        Ok(table)
    }

    /// Every operation with its route in use.
    pub fn entries(&self) -> Vec<(OperationId, Route)> {
        OperationId::ALL.iter().map(|&op| (op, self.get(op))).collect()
    }

    /// The overrides only.
    pub fn overrides(&self) -> &BTreeMap<OperationId, Route> {
        &self.overrides
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_has_a_distinct_name_and_a_valid_route() {
        let mut names: Vec<&str> = OperationId::ALL.iter().map(|op| op.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), OperationId::ALL.len());
        for op in OperationId::ALL {
            assert_eq!(OperationId::from_name(op.name()), Some(*op));
            Route::new(op.default_route().method, op.default_route().template).unwrap();
        }
    }

    #[test]
    fn overrides_are_validated() {
        let mut t = RouteTable::new();
        assert!(t.set_by_name("clock", "PUT /x/{action}/{api}/{employee}").is_ok());
        assert_eq!(t.get(OperationId::Clock).method, Method::Put);
        assert!(t.set_by_name("clock", "POST x").is_err());
        assert!(t.set_by_name("clock", "POST /x/{a").is_err());
        assert!(t.set_by_name("nope", "POST /x").is_err());
    }

    #[test]
    fn an_override_uses_exactly_the_operations_placeholders() {
        let mut t = RouteTable::new();
        // Reordered and renamed around is fine; a placeholder left out or added is not.
        assert!(t.set_by_name("clock", "POST /y/{employee}/{api}/{action}").is_ok());
        for (route, word) in [
            ("GET /x/{api}/{employee}", "leaves out {action}"),
            ("POST /x/{action}/{employee}", "leaves out {api}"),
            ("POST /x/{action}/{api}/{employee}/{bogus}", "uses a placeholder this operation does not"),
        ] {
            let e = t.set_by_name("clock", route).expect_err(route);
            assert!(matches!(&e, Error::InvalidInput { field, .. } if field == "routes"), "{e:?}");
            assert!(e.to_string().contains(word), "{e}");
        }
        assert_eq!(t.get(OperationId::Clock).template, "/y/{employee}/{api}/{action}");
        // Body-keyed operations have no placeholder at all.
        assert!(t.set_by_name("leave_types", "POST /gateway/leave-types").is_ok());
        assert!(t.set_by_name("leave_types", "POST /gateway/{api}").is_err());
    }
}
