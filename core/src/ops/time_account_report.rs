//! `time_account_report`: the body-based monthly account (1-based month, sent as strings).

use crate::context::Context;
use crate::date::Month;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::AccountReport;
use crate::ops::{body, params, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};
use serde_json::Value;

route! {
    /// Monthly time account, body-based (1-based month on the wire).
    TimeAccountReport = "time_account_report", Post, "/rest/api/time/account/{api}",
    idempotent: true, source: "help", spec: "Monthly time account (body-based, 1-based month)", key: Company, position: 5
}

params! {
    /// The body-based monthly account of one employee. `year`/`month` default to the current ones
    /// (server time); they are sent as the strings `YYYY` and `MM` (01-12). A future month is
    /// answered with code 4.
    #[derive(Debug, Clone, PartialEq)]
    pub struct TimeAccountReport {
        /// E-mail of the employee (required).
        email: String = "email";
        /// The year; `None` = current year.
        year: Option<i32> = "year", default;
        /// The calendar month; `None` = current month.
        month: Option<Month> = "month", default;
        /// Also return the project name of each booking (`?project=true`).
        project: bool = "project", default;
    }
}

impl Operation for TimeAccountReport {
    type Output = AccountReport;
    const ID: OperationId = OperationId::TimeAccountReport;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::email("email", &self.email)?;
        if let Some(y) = self.year {
            validate::year("year", y)?;
        }
        let b = body([
            ("email", Some(Value::String(self.email.clone()))),
            ("year", self.year.map(|y| Value::String(format!("{y:04}")))),
            ("month", self.month.map(|m| Value::String(format!("{:02}", m.number())))),
        ]);
        let mut req = ctx.request(Self::ID).api_key()?;
        if self.project {
            req = req.query("project", "true");
        }
        req.body(b).build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::answer(Self::ID, response)
    }
}
