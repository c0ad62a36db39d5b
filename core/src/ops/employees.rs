//! `employees`: employee master data of the active employees (company key).

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::EmployeeRecord;
use crate::ops::{params, Operation};
use crate::parse;
use crate::routes::OperationId;

route! {
    /// Employee master data (active employees).
    Employees = "employees", Get, "/api/v2/employees/{api}",
    idempotent: true, source: "spec", spec: "Employee master data", key: Company, position: 1
}

params! {
    /// `GET /api/v2/employees/{api}`: master records of all active employees.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Employees {
    }
}

impl Operation for Employees {
    type Output = Vec<EmployeeRecord>;
    const ID: OperationId = OperationId::Employees;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        ctx.request(Self::ID).api_key()?.build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::json_list(Self::ID, response)
    }
}
