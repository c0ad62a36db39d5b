//! `leave_year`: the yearly leave overview.

use serde::Deserialize;

use super::Operation;
use crate::{parse, validate, Context, Error, LeaveYearOverview, OperationId, Request, Response};

/// Yearly leave overview with the legend of leave types.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeaveYear {
    /// The year.
    pub year: i32,
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
