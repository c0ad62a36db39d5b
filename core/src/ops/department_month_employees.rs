//! `department_month_employees`: one monthly summary per active employee of a department.

use super::department_month::department_month_request;
use crate::context::Context;
use crate::date::Month;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::MonthlyAccount;
use crate::ops::{params, Operation};
use crate::parse;
use crate::routes::OperationId;

route! {
    /// Monthly time summaries of a department, one per active employee.
    DepartmentMonthEmployees = "department_month_employees", Get, "/rest/api/v2/time/month/employees/{api}/{department}/{year}/{month}",
    idempotent: true, source: "assumed", spec: "Monthly time summary for a department", key: Company, position: 10
}

params! {
    /// Monthly summaries, one per active employee, by the department's external id. Empty when the
    /// month is in the future or no employee qualifies.
    #[derive(Debug, Clone, PartialEq)]
    pub struct DepartmentMonthEmployees {
        /// The department's external id.
        department: String = "department";
        /// The year.
        year: i32 = "year";
        /// The calendar month (sent 0-based).
        month: Month = "month";
    }
}

impl Operation for DepartmentMonthEmployees {
    type Output = Vec<MonthlyAccount>;
    const ID: OperationId = OperationId::DepartmentMonthEmployees;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        department_month_request(ctx, Self::ID, &self.department, self.year, self.month)
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        let mut accounts: Vec<MonthlyAccount> = parse::json_list(Self::ID, response)?;
        for a in &mut accounts {
            a.settle_month(response.requested_month());
        }
        Ok(accounts)
    }
}
