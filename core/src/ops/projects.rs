//! `projects`: the company's non-removed projects (key in the body, manager role).

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::ProjectsReport;
use crate::ops::{key_in_body, params, Operation};
use crate::parse;
use crate::routes::OperationId;

route! {
    /// Projects of the company (key in the body).
    Projects = "projects", Post, "/rest/api/project/list",
    idempotent: true, source: "assumed", spec: "List all projects of the company", key: Company, position: 18
}

params! {
    /// Lists the non-removed projects. `email` is the acting employee, who must hold the
    /// project-management manager role.
    #[derive(Debug, Clone, PartialEq)]
    pub struct Projects {
        /// E-mail of the acting project manager.
        email: String = "email";
    }
}

impl Operation for Projects {
    type Output = ProjectsReport;
    const ID: OperationId = OperationId::Projects;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        let b = key_in_body(ctx, &self.email, Default::default())?;
        ctx.request(Self::ID).body(b).secret_body_field("api-key").build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::answer(Self::ID, response)
    }
}
