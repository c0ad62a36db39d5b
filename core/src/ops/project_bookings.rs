//! `project_bookings`: a project's (and its sub-projects') time bookings for at most 31 days.

use serde_json::Value;

use crate::context::Context;
use crate::date::Date;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::ProjectBookingsReport;
use crate::ops::{key_in_body, params, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// A project's time bookings for at most 31 days (key in the body).
    ProjectBookings = "project_bookings", Post, "/rest/api/project/bookings/{uuid}",
    idempotent: true, source: "assumed", spec: "List a project's time bookings for a range", key: Company, position: 22
}

/// The most days `endDate` may lie after `startDate`.
pub const MAX_BOOKING_RANGE_DAYS: i64 = 31;

params! {
    /// Time bookings of a project and its sub-projects. `startDate` must not be after `endDate`, and
    /// `endDate` at most 31 days after it: both are checked before sending.
    #[derive(Debug, Clone, PartialEq)]
    pub struct ProjectBookings {
        /// E-mail of the acting project manager.
        email: String = "email";
        /// External id of the project.
        uuid: String = "uuid";
        /// First day.
        start_date: Date = "startDate";
        /// Last day (at most 31 days after `start_date`).
        end_date: Date = "endDate";
    }
}

impl Operation for ProjectBookings {
    type Output = ProjectBookingsReport;
    const ID: OperationId = OperationId::ProjectBookings;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::non_empty("uuid", &self.uuid)?;
        validate::date_range("startDate", self.start_date, self.end_date, Some(MAX_BOOKING_RANGE_DAYS))?;
        let mut fields = serde_json::Map::new();
        fields.insert("startDate".to_string(), Value::String(self.start_date.to_string()));
        fields.insert("endDate".to_string(), Value::String(self.end_date.to_string()));
        let b = key_in_body(ctx, &self.email, fields)?;
        ctx.request(Self::ID).path("uuid", &self.uuid).body(b).secret_body_field("api-key").build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::answer(Self::ID, response)
    }
}
