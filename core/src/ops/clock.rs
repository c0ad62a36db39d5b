//! `clock`: clock an employee in (`come`), out (`go`) or restart the booking (`stop`).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::ops::decl::ShorthandDecl;
use crate::ops::{body, params, s, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Clock an employee in or out (`come`, `go`, `stop`).
    Clock = "clock", Post, "/rest/api/v2/time/{action}/{api}/{employee}",
    idempotent: false, source: "help", spec: "Clock in / out", key: Company, position: 7
}

/// The clock action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockAction {
    /// Clock in (optionally on a project).
    Come,
    /// Clock out.
    Go,
    /// Clock out and start a new booking right after.
    Stop,
}

impl ClockAction {
    /// `"come"`, `"go"` or `"stop"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ClockAction::Come => "come",
            ClockAction::Go => "go",
            ClockAction::Stop => "stop",
        }
    }

    /// The action named `text`; otherwise an [`Error::InvalidInput`] for `field` with the reason
    /// every language gives (typed arguments and JSON params alike).
    pub fn parse_field(text: &str, field: &str) -> Result<ClockAction, Error> {
        ClockAction::from_name(text).ok_or_else(|| Error::invalid(field, ClockAction::refusal(text)))
    }

    fn from_name(text: &str) -> Option<ClockAction> {
        [ClockAction::Come, ClockAction::Go, ClockAction::Stop].into_iter().find(|a| a.as_str() == text)
    }

    fn refusal(text: &str) -> String {
        format!("expected come, go or stop, got {}", crate::secret::shown_text(text, false))
    }
}

impl<'de> Deserialize<'de> for ClockAction {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        ClockAction::from_name(&text).ok_or_else(|| serde::de::Error::custom(ClockAction::refusal(&text)))
    }
}

/// `come`, `go` and `stop`: [`Clock`] with its action fixed, a method of the Python, npm, Kotlin
/// and Swift clients with the parameters listed (the Rust client's take the employee only: there
/// `clock(&Clock { device, ..Clock::new(action, employee) })` sends the others).
pub const CLOCK_SHORTHANDS: &[ShorthandDecl] = &[
    ShorthandDecl {
        name: "come",
        operation: "clock",
        fixed: &[("action", "come")],
        params: &["employee", "project", "comment", "service", "device"],
        doc: "Clocks an employee in (optionally on a project and service).",
    },
    ShorthandDecl {
        name: "go",
        operation: "clock",
        fixed: &[("action", "go")],
        params: &["employee", "comment", "device"],
        doc: "Clocks an employee out.",
    },
    ShorthandDecl {
        name: "stop",
        operation: "clock",
        fixed: &[("action", "stop")],
        params: &["employee", "comment", "device"],
        doc: "Clocks out and starts a new booking right after.",
    },
];

impl fmt::Display for ClockAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

params! {
    /// A clock action for one employee. The API answers `true`, or `false` (→ [`Error::Refused`])
    /// when the action is not possible (not clocked in, missing module, unknown employee, bad key).
    /// A write: never retried once it may have reached the server.
    #[derive(Debug, Clone, PartialEq)]
    pub struct Clock {
        /// `come`, `go` or `stop`.
        action: ClockAction = "action";
        /// UUID, e-mail or employee key of the employee (percent-encoded into the path).
        employee: String = "employee";
        /// Device name; the server's default is `API`.
        device: Option<String> = "device", default;
        /// Comment of the booking.
        comment: Option<String> = "comment", default;
        /// External project id, for a project-based `come`.
        project: Option<String> = "project", default;
        /// External service id, for a project-based `come`.
        service: Option<String> = "service", default;
    }
}

impl Clock {
    /// A plain action for `employee`.
    pub fn new(action: ClockAction, employee: impl Into<String>) -> Clock {
        Clock { action, employee: employee.into(), device: None, comment: None, project: None, service: None }
    }
}

impl Operation for Clock {
    type Output = ();
    const ID: OperationId = OperationId::Clock;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::non_empty("employee", &self.employee)?;
        validate::non_empty_opt("project", self.project.as_deref())?;
        validate::non_empty_opt("service", self.service.as_deref())?;
        if self.action != ClockAction::Come && (self.project.is_some() || self.service.is_some()) {
            let field = if self.project.is_some() { "project" } else { "service" };
            return Err(Error::invalid(
                field,
                format!("only a `come` can start a project booking, not `{}`", self.action),
            ));
        }
        let b = body([
            ("device", s(self.device.as_ref())),
            ("comment", s(self.comment.as_ref())),
            ("project", s(self.project.as_ref())),
            ("service", s(self.service.as_ref())),
        ]);
        ctx.request(Self::ID).path("action", self.action).api_key()?.path("employee", &self.employee).body(b).build()
    }

    fn parse(response: &Response) -> Result<(), Error> {
        parse::boolean(Self::ID, response)
    }
}
