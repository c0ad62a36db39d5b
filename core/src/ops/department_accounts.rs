//! `department_accounts`: current time accounts of a department, keyed by login e-mail.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{params, Operation};
use crate::{parse, validate, Context, Error, OperationId, Request, Response};

params! {
    /// Current time accounts of the employees of a department (by department API key). Employees
    /// without a login are omitted by the API. The value shape is not shown by the spec: raw JSON.
    #[derive(Debug, Clone, PartialEq)]
    pub struct DepartmentAccounts {
        /// The department API key (a secret: redacted in printed URLs).
        department: String = "department";
    }
}

impl Operation for DepartmentAccounts {
    type Output = BTreeMap<String, Value>;
    const ID: OperationId = OperationId::DepartmentAccounts;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::non_empty("department", &self.department)?;
        ctx.request(Self::ID).api_key()?.path("department", &self.department).build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::json(Self::ID, response)
    }
}
