//! `leave_year`: the yearly leave overview.

use super::{params, Operation};
use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::LeaveYearOverview;
use crate::routes::OperationId;
use crate::{parse, validate};

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
        parse::json(Self::ID, response)
    }
}
