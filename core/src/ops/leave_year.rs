//! `leave_year`: the yearly leave overview.

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::LeaveYearOverview;
use crate::ops::{params, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Yearly leave overview.
    LeaveYear = "leave_year", Get, "/rest/api/v2/leave/year/{api}/{year}",
    idempotent: true, source: "assumed", spec: "Yearly leave overview", key: Company, position: 14
}

params! {
    /// Yearly leave overview with the legend of leave types.
    #[derive(Debug, Clone, PartialEq)]
    pub struct LeaveYear {
        /// The year.
        year: i32 = "year";
    }
}

impl Operation for LeaveYear {
    type Output = LeaveYearOverview;
    const ID: OperationId = OperationId::LeaveYear;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::year("year", self.year)?;
        ctx.request(Self::ID).api_key()?.path("year", self.year).build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::answer(Self::ID, response)
    }
}
