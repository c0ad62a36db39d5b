//! `employees`: employee master data of the active employees (company key).

use serde::Deserialize;

use super::Operation;
use crate::{parse, Context, EmployeeRecord, Error, OperationId, Request, Response};

/// `GET /api/v2/employees/{api}`: master records of all active employees.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Employees {}

impl Operation for Employees {
    type Output = Vec<EmployeeRecord>;
    const ID: OperationId = OperationId::Employees;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        ctx.request(Self::ID).api_key()?.build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::json(Self::ID, response)
    }
}
