//! `shifts`: a workspace's shifts for one ISO week (workspace key in the path).

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::WeekShifts;
use crate::ops::{params, Operation};
use crate::routes::OperationId;
use crate::{date, parse};

route! {
    /// Shifts of a workspace for one ISO week (workspace key in the path).
    Shifts = "shifts", Get, "/rest/api/v2/shift/{workspaceApi}/{year}/{week}",
    idempotent: true, source: "assumed", spec: "Shifts of a workspace for one week", key: Workspace, position: 23
}

params! {
    /// Shifts of the context's workspace for one ISO week. Week 53 only in years that have it.
    #[derive(Debug, Clone, PartialEq)]
    pub struct Shifts {
        /// ISO week-year.
        year: i32 = "year";
        /// ISO week, 1 to 53.
        week: u32 = "week";
    }
}

impl Operation for Shifts {
    type Output = WeekShifts;
    const ID: OperationId = OperationId::Shifts;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        date::validate_iso_week(self.year, self.week)?;
        let key = ctx.key(Self::ID.key_kind())?.expose().to_string();
        ctx.request(Self::ID).path("workspaceApi", key).path("year", self.year).path("week", self.week).build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::answer(Self::ID, response)
    }
}
