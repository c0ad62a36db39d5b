//! `employee_departments`: each employee's full name with the name of their main department.

use serde_json::Value;

use super::{params, Operation};
use crate::{parse, Context, EmployeeDepartment, Error, OperationId, Request, Response};

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
        // As every list answer: `{}` is an empty list and an element that is not an object is left
        // out (`parse::json_list`).
        let mut value = parse::json::<Value>(Self::ID, response)?;
        if let Value::String(text) = &value {
            // A double-encoded answer (a JSON string holding the array), as `parse::json` reads one.
            if let Ok(inner @ (Value::Array(_) | Value::Object(_))) = parse::from_bytes::<Value>(text.as_bytes()) {
                value = inner;
            }
        }
        let items = match value {
            Value::Array(items) => items,
            Value::Object(m) if m.is_empty() => Vec::new(),
            _ => return Err(parse::not_a_list(Self::ID, response)),
        };
        Ok(items
            .into_iter()
            .filter_map(|item| match item {
                Value::Object(obj) => Some(obj),
                _ => None,
            })
            .flat_map(|obj| {
                obj.into_iter().map(|(employee, dep)| EmployeeDepartment {
                    employee,
                    department: dep.as_str().map(str::to_string),
                })
            })
            .collect())
    }
}
