//! `overview`: today's overview per employee.

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::OverviewReport;
use crate::ops::{body, params, s, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Today's overview per employee.
    Overview = "overview", Post, "/rest/api/time/overview/{api}",
    idempotent: true, source: "help", spec: "Overview", key: Company, position: 3
}

params! {
    /// Today's overview; one employee with `email`, else the key owner's scope. Sends at least `{}`.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Overview {
        /// One employee; `None` = everyone in the key owner's scope.
        email: Option<String> = "email", default;
    }
}

impl Operation for Overview {
    type Output = OverviewReport;
    const ID: OperationId = OperationId::Overview;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::email_opt("email", self.email.as_deref())?;
        ctx.request(Self::ID).api_key()?.body(body([("email", s(self.email.as_ref()))])).build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::answer(Self::ID, response)
    }
}
