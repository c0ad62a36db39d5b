//! `create_project`: create a project (key in the body, manager role).

use serde_json::Value;

use super::{key_in_body, params, Operation};
use crate::{parse, validate, Context, CreatedProject, Error, OperationId, Request, Response};

params! {
    /// Creates a project. `project` is the project object (its fields are not shown by the spec, so it
    /// is passed through as JSON; it must be an object). `parentId` goes at the top level of the body
    /// (its place is not shown by the spec); `None` or `"0"` = a top-level project.
    #[derive(Debug, Clone, PartialEq)]
    pub struct CreateProject {
        /// E-mail of the acting project manager.
        email: String = "email";
        /// The project object, e.g. `{"name": "Website"}`.
        project: Value = "project";
        /// UUID of an existing parent project.
        parent_id: Option<String> = "parentId", default;
    }
}

impl Operation for CreateProject {
    type Output = CreatedProject;
    const ID: OperationId = OperationId::CreateProject;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        match &self.project {
            Value::Object(o) if !o.is_empty() => {}
            _ => return Err(Error::invalid("project", "must be a non-empty JSON object")),
        }
        validate::non_empty_opt("parentId", self.parent_id.as_deref())?;
        let mut fields = serde_json::Map::new();
        fields.insert("project".to_string(), self.project.clone());
        if let Some(p) = &self.parent_id {
            fields.insert("parentId".to_string(), Value::String(p.clone()));
        }
        let b = key_in_body(ctx, &self.email, fields)?;
        ctx.request(Self::ID).body(b).secret_body_field("api-key").build()
    }

    /// A success only on the server's word: an answer with the new project's `uuid` (and a `code`
    /// of 0 or none). Any other 2xx answer (`{}`, `{"error": "…"}`) is [`Error::Decode`], which
    /// says the project may have been created.
    fn parse(response: &Response) -> Result<Self::Output, Error> {
        let r: CreatedProject = parse::json(Self::ID, response)?;
        match r.uuid.as_deref() {
            Some(uuid) if !uuid.trim().is_empty() => Ok(r),
            _ => Err(parse::unconfirmed(Self::ID, response, "no `uuid` of the new project")),
        }
    }
}
