//! `create_shift`: create a shift (workspace key in the body as `workspace`).

use serde_json::Value;

use crate::context::Context;
use crate::date::{Date, TimeOfDay};
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::CreatedShift;
use crate::ops::{body, params, s, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Create a shift (workspace key in the body).
    CreateShift = "create_shift", Post, "/rest/api/v2/shift/create",
    idempotent: false, source: "assumed", spec: "Create a shift", key: Workspace, position: 24
}

params! {
    /// Creates a shift in the context's workspace. Times are clock times of day in whole minutes (sent
    /// as minutes after midnight, the form Python, TypeScript and the canonical params take too:
    /// `480` is 08:00); when `endTime` is not after `startTime` the shift is overnight
    /// and ends the next day. Only employees of the workspace's company are assigned; unknown or
    /// foreign UUIDs are ignored by the API. The answer's `success: false` → [`Error::Refused`];
    /// an answer without a true `success` (`true`, or PHP's `1` or `"true"`) is not taken for a
    /// success.
    #[derive(Debug, Clone, PartialEq)]
    pub struct CreateShift {
        /// The day; `None` = today.
        start_date: Option<Date> = "startDate", default;
        /// Start, a clock time of day (`hh:mm`; or whole minutes after midnight, 0-1439, where the
        /// language takes them).
        start_time: TimeOfDay = "startTime";
        /// End, a clock time of day (not after start = overnight), in the same forms as the start.
        end_time: TimeOfDay = "endTime";
        /// Target number of employees (server default 1; at least 1).
        employee_amount: Option<u32> = "employeeAmount", default;
        /// Comment.
        comment: Option<String> = "comment", default;
        /// UUID of a project to link.
        project_uuid: Option<String> = "projectUuid", default;
        /// Employee UUIDs to assign.
        employees: Vec<String> = "employees", default;
    }
}

impl CreateShift {
    /// Whether the shift ends on the following day.
    pub fn is_overnight(&self) -> bool {
        self.end_time.minutes() <= self.start_time.minutes()
    }
}

impl Operation for CreateShift {
    type Output = CreatedShift;
    const ID: OperationId = OperationId::CreateShift;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        let start = validate::whole_minute("startTime", self.start_time)?;
        let end = validate::whole_minute("endTime", self.end_time)?;
        if self.employee_amount == Some(0) {
            return Err(Error::invalid("employeeAmount", "must be at least 1"));
        }
        validate::non_empty_opt("projectUuid", self.project_uuid.as_deref())?;
        for e in &self.employees {
            validate::non_empty("employees", e)?;
        }
        let key = ctx.key(Self::ID.key_kind())?.expose().to_string();
        let employees = (!self.employees.is_empty())
            .then(|| Value::Array(self.employees.iter().cloned().map(Value::String).collect()));
        let b = body([
            ("workspace", Some(Value::String(key))),
            ("startDate", s(self.start_date)),
            ("startTime", Some(Value::from(start))),
            ("endTime", Some(Value::from(end))),
            ("employeeAmount", self.employee_amount.map(Value::from)),
            ("comment", s(self.comment.as_ref())),
            ("projectUuid", s(self.project_uuid.as_ref())),
            ("employees", employees),
        ]);
        ctx.request(Self::ID).body(b).secret_body_field("workspace").build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        let r: CreatedShift = parse::json(Self::ID, response)?;
        match r.success {
            Some(true) => Ok(r),
            Some(false) => Err(Error::Refused),
            // A write succeeded only when the server says so.
            None => Err(parse::unconfirmed(Self::ID, response, "no `success: true`")),
        }
    }
}
