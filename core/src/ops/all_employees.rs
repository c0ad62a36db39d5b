//! `all_employees`: master data of every employee with a login account.

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::EmployeeRecord;
use crate::ops::{params, Operation};
use crate::parse;
use crate::routes::OperationId;

route! {
    /// All employees with a login account.
    AllEmployees = "all_employees", Get, "/rest/api/v2/employees/all/{api}",
    idempotent: true, source: "assumed", spec: "List all employees", key: Company, position: 17
}

params! {
    /// All employees (employees without a login account are omitted by the API).
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct AllEmployees {
    }
}

impl Operation for AllEmployees {
    type Output = Vec<EmployeeRecord>;
    const ID: OperationId = OperationId::AllEmployees;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        ctx.request(Self::ID).api_key()?.build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::json_list(Self::ID, response)
    }
}
