//! `time_account`: monthly time account of one employee (v2 GET; the month is 0-based on the wire).

use crate::context::Context;
use crate::date::Month;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::MonthlyAccount;
use crate::ops::{params, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Monthly time account of one employee (v2 GET, 0-based month on the wire).
    TimeAccount = "time_account", Get, "/rest/api/v2/time/account/{api}/{employee}/{year}/{month}",
    idempotent: true, source: "spec", spec: "Monthly time account of one employee (v2, GET)", key: Company, position: 4
}

params! {
    /// The monthly account of one employee. `month` is a calendar month; it is sent 0-based.
    #[derive(Debug, Clone, PartialEq)]
    pub struct TimeAccount {
        /// UUID or e-mail (or employee key) of the employee; percent-encoded into the path.
        employee: String = "employee";
        /// The year.
        year: i32 = "year";
        /// The calendar month.
        month: Month = "month";
    }
}

impl Operation for TimeAccount {
    type Output = MonthlyAccount;
    const ID: OperationId = OperationId::TimeAccount;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::non_empty("employee", &self.employee)?;
        validate::year("year", self.year)?;
        ctx.request(Self::ID)
            .api_key()?
            .path("employee", &self.employee)
            .path("year", self.year)
            .path("month", self.month.zero_based())
            .requested_month(self.month)
            .build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        let mut account: MonthlyAccount = parse::answer(Self::ID, response)?;
        account.settle_month(response.requested_month());
        Ok(account)
    }
}
