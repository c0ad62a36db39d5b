//! `department_month`: the monthly summary of a department (one object; month 0-based on the wire).

use crate::context::Context;
use crate::date::Month;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::MonthlyAccount;
use crate::ops::{params, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Monthly time summary of a department (one object).
    DepartmentMonth = "department_month", Get, "/rest/api/v2/time/month/content/{api}/{department}/{year}/{month}",
    idempotent: true, source: "spec", spec: "Monthly time summary for a department", key: Company, position: 9
}

params! {
    /// Monthly time summary of a department, by department ID.
    #[derive(Debug, Clone, PartialEq)]
    pub struct DepartmentMonth {
        /// The department ID.
        department: String = "department";
        /// The year.
        year: i32 = "year";
        /// The calendar month (sent 0-based).
        month: Month = "month";
    }
}

impl Operation for DepartmentMonth {
    type Output = MonthlyAccount;
    const ID: OperationId = OperationId::DepartmentMonth;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        department_month_request(ctx, Self::ID, &self.department, self.year, self.month)
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        let mut account: MonthlyAccount = parse::answer(Self::ID, response)?;
        account.settle_month(response.requested_month());
        Ok(account)
    }
}

/// The request shared by both department summaries: `{api}/{department}/{year}/{month0}`.
pub(crate) fn department_month_request(
    ctx: &Context,
    op: OperationId,
    department: &str,
    year: i32,
    month: Month,
) -> Result<Request, Error> {
    validate::non_empty("department", department)?;
    validate::year("year", year)?;
    ctx.request(op)
        .api_key()?
        .path("department", department)
        .path("year", year)
        .path("month", month.zero_based())
        .requested_month(month)
        .build()
}
