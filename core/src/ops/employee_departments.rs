//! `employee_departments`: each employee's full name with the name of their main department.

use serde_json::Value;

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::EmployeeDepartment;
use crate::ops::{params, Operation};
use crate::parse;
use crate::routes::OperationId;

route! {
    /// Employees with their main department.
    EmployeeDepartments = "employee_departments", Get, "/rest/api/v2/employees/departments/{api}",
    idempotent: true, source: "assumed", spec: "Employees with their main department", key: Company, position: 16
}

params! {
    /// Employees with their main department. The API's single-entry objects become
    /// [`EmployeeDepartment`] pairs (one per entry, so nothing is lost if an object has more).
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct EmployeeDepartments {
    }
}

impl Operation for EmployeeDepartments {
    type Output = Vec<EmployeeDepartment>;
    const ID: OperationId = OperationId::EmployeeDepartments;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        ctx.request(Self::ID).api_key()?.build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        // As every list answer (`parse::json_list`): `{}` is an empty list, an element that is not
        // an object is a `Decode` error, a double-encoded answer is read.
        let items: Vec<serde_json::Map<String, Value>> = parse::json_list(Self::ID, response)?;
        Ok(items
            .into_iter()
            .flat_map(|obj| {
                obj.into_iter().map(|(employee, dep)| EmployeeDepartment {
                    employee,
                    department: dep.as_str().map(str::to_string),
                })
            })
            .collect())
    }
}
