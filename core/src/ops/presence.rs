//! `presence`: presence and absence of one day.

use crate::context::Context;
use crate::date::Date;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::PresenceReport;
use crate::ops::{body, params, s, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Presence and absence of one day.
    Presence = "presence", Post, "/rest/api/time/presence/{api}",
    idempotent: true, source: "help", spec: "Day presence", key: Company, position: 2
}

params! {
    /// Presence for one day: one employee (`email`) or the whole company; `day` defaults to today.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Presence {
        /// One employee; `None` (or an empty e-mail, the API's rule) = all time-tracked employees.
        email: Option<String> = "email", default;
        /// The day; `None` = today (server time).
        day: Option<Date> = "day", default;
    }
}

impl Operation for Presence {
    type Output = PresenceReport;
    const ID: OperationId = OperationId::Presence;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        // An empty e-mail means the whole company (the spec), so it is sent as it is.
        validate::email_opt("email", self.email.as_deref().filter(|e| !e.is_empty()))?;
        let b = body([("email", s(self.email.as_ref())), ("day", s(self.day))]);
        ctx.request(Self::ID).api_key()?.body(b).build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::answer(Self::ID, response)
    }
}
