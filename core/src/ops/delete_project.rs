//! `delete_project`: delete a project of the caller's company (key in the body, manager role).

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::Envelope;
use crate::ops::{key_in_body, params, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Delete a project (key in the body).
    DeleteProject = "delete_project", Post, "/rest/api/project/delete/{uuid}",
    idempotent: false, source: "assumed", spec: "Delete a project", key: Company, position: 20
}

params! {
    /// Deletes a project. An unknown UUID or one of another company is answered with 403 and code 3.
    #[derive(Debug, Clone, PartialEq)]
    pub struct DeleteProject {
        /// E-mail of the acting project manager.
        email: String = "email";
        /// External id of the project.
        uuid: String = "uuid";
    }
}

impl Operation for DeleteProject {
    type Output = ();
    const ID: OperationId = OperationId::DeleteProject;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::non_empty("uuid", &self.uuid)?;
        let b = key_in_body(ctx, &self.email, Default::default())?;
        ctx.request(Self::ID).path("uuid", &self.uuid).body(b).secret_body_field("api-key").build()
    }

    /// A success only on the server's word: the envelope with `code` 0 (and not `"success":
    /// false` beside it). Any other 2xx answer (`{}`, `{"error": "…"}`, `true`) is
    /// [`Error::Decode`], which says the project may have been deleted.
    fn parse(response: &Response) -> Result<(), Error> {
        let r: Envelope = parse::json(Self::ID, response)?;
        // An envelope that also says `"success": false` (or `0`, `"false"`) confirms nothing.
        match r.code {
            Some(0) if r.success != Some(false) => Ok(()),
            _ => Err(parse::unconfirmed(Self::ID, response, "no `code` 0 without `success: false`")),
        }
    }
}
