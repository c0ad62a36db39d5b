//! `leave_month`: leave records overlapping a month (month 0-based on the wire).

use serde::Deserialize;
use serde_json::Value;

use super::Operation;
use crate::{parse, validate, Context, Error, Month, OperationId, Request, Response};

/// Leave records of all leave-managed employees overlapping the month. Record fields are not
/// shown by the spec: raw JSON.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeaveMonth {
    /// The year.
    pub year: i32,
    /// The calendar month (sent 0-based).
    pub month: Month,
}

impl Operation for LeaveMonth {
    type Output = Vec<Value>;
    const ID: OperationId = OperationId::LeaveMonth;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::year("year", self.year)?;
        ctx.request(Self::ID).api_key()?.path("year", self.year).path("month", self.month.zero_based()).build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::json(Self::ID, response)
    }
}
