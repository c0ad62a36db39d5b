//! `find_projects`: UUIDs of the projects with exactly a given name (key in the body).

use serde_json::Value;

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::FoundProjects;
use crate::ops::{key_in_body, params, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Find project UUIDs by exact name (key in the body).
    FindProjects = "find_projects", Post, "/rest/api/project/find",
    idempotent: true, source: "assumed", spec: "Find project UUIDs by name", key: Company, position: 21
}

params! {
    /// Finds non-removed projects by exact name; equal names give several UUIDs.
    #[derive(Debug, Clone, PartialEq)]
    pub struct FindProjects {
        /// E-mail of the acting project manager.
        email: String = "email";
        /// The exact project name.
        name: String = "name";
    }
}

impl Operation for FindProjects {
    type Output = FoundProjects;
    const ID: OperationId = OperationId::FindProjects;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::non_empty("name", &self.name)?;
        let mut fields = serde_json::Map::new();
        fields.insert("name".to_string(), Value::String(self.name.clone()));
        let b = key_in_body(ctx, &self.email, fields)?;
        ctx.request(Self::ID).body(b).secret_body_field("api-key").build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::answer(Self::ID, response)
    }
}
