//! `leave_types`: the company's leave types (company key and e-mail in the body).

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::LeaveTypesReport;
use crate::ops::{key_in_body, params, Operation};
use crate::parse;
use crate::routes::OperationId;

route! {
    /// Leave types of the company (key in the body).
    LeaveTypes = "leave_types", Post, "/rest/api/leave/types",
    idempotent: true, source: "spec", spec: "List all leave types of the company", key: Company, position: 15
}

params! {
    /// Leave types of the company; needs the leave-management module. The company key goes into the
    /// body as `api-key`, with the e-mail of an employee of the company.
    #[derive(Debug, Clone, PartialEq)]
    pub struct LeaveTypes {
        /// E-mail of an employee of the company.
        email: String = "email";
    }
}

impl Operation for LeaveTypes {
    type Output = LeaveTypesReport;
    const ID: OperationId = OperationId::LeaveTypes;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        let b = key_in_body(ctx, &self.email, Default::default())?;
        ctx.request(Self::ID).body(b).secret_body_field("api-key").build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::answer(Self::ID, response)
    }
}
