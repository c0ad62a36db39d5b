//! `target_actual_days`: target/actual minutes per day for a date range.

use crate::context::Context;
use crate::date::Date;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::TargetActualReport;
use crate::ops::{body, params, s, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Target/actual minutes per day for a date range.
    TargetActualDays = "target_actual_days", Post, "/rest/api/time/days/{api}",
    idempotent: true, source: "help", spec: "Target/actual minutes per day for a range", key: Company, position: 6
}

params! {
    /// Target/actual minutes per day. `start`/`end` default to today; the server caps `end` at today
    /// and does not check `start` against `end` (neither does Zeitkonto: the spec allows it).
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct TargetActualDays {
        /// One employee; `None` = all time-tracked employees.
        email: Option<String> = "email", default;
        /// First day; `None` = today.
        start: Option<Date> = "start", default;
        /// Last day; `None` = today (capped at today by the server).
        end: Option<Date> = "end", default;
    }
}

impl Operation for TargetActualDays {
    type Output = TargetActualReport;
    const ID: OperationId = OperationId::TargetActualDays;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::email_opt("email", self.email.as_deref())?;
        let b = body([("email", s(self.email.as_ref())), ("start", s(self.start)), ("end", s(self.end))]);
        ctx.request(Self::ID).api_key()?.body(b).build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::answer(Self::ID, response)
    }
}
