//! `create_project`: create a project (key in the body, manager role).

use serde_json::Value;

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::CreatedProject;
use crate::ops::{key_in_body, params, Operation};
use crate::routes::OperationId;
use crate::text::JsonObject;
use crate::{parse, validate};

route! {
    /// Create a project (key in the body).
    CreateProject = "create_project", Post, "/rest/api/project/create",
    idempotent: false, source: "assumed", spec: "Create a project", key: Company, position: 19
}

params! {
    /// Creates a project named `name`, at the top level or under `parentId`. The spec does not list
    /// the project object's fields: `extra` carries any others, sent in it as given. `parentId` goes
    /// at the top level of the body (its place is not shown by the spec); `None` or `"0"` = a
    /// top-level project.
    #[derive(Debug, Clone, PartialEq)]
    pub struct CreateProject {
        /// E-mail of the acting project manager.
        email: String = "email";
        /// The project's name.
        name: String = "name";
        /// UUID of an existing parent project.
        parent_id: Option<String> = "parentId", default;
        /// Further fields of the project object, sent as given (JSON values by name); `name` is a
        /// parameter of its own.
        extra: Option<JsonObject> = "extra", default;
    }
}

impl Operation for CreateProject {
    type Output = CreatedProject;
    const ID: OperationId = OperationId::CreateProject;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::non_empty("name", &self.name)?;
        validate::non_empty_opt("parentId", self.parent_id.as_deref())?;
        let mut project = serde_json::Map::new();
        project.insert("name".to_string(), Value::String(self.name.clone()));
        let extra = match &self.extra {
            None => None,
            Some(Value::Object(m)) => Some(m),
            Some(_) => return Err(Error::invalid("extra", "must be an object of JSON values by name")),
        };
        for (k, v) in extra.into_iter().flatten() {
            if k == "name" {
                return Err(Error::invalid("extra", "`name` is a parameter of its own"));
            }
            project.insert(k.clone(), v.clone());
        }
        let mut fields = serde_json::Map::new();
        fields.insert("project".to_string(), Value::Object(project));
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
