//! `leave_month`: leave records overlapping a month (month 0-based on the wire).

use serde_json::Value;

use crate::context::Context;
use crate::date::Month;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::ops::{params, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Leave records overlapping a month.
    LeaveMonth = "leave_month", Get, "/rest/api/v2/leave/month/{api}/{year}/{month}",
    idempotent: true, source: "assumed", spec: "Leave records for a month", key: Company, position: 13
}

params! {
    /// Leave records of all leave-managed employees overlapping the month. Record fields are not
    /// shown by the spec: raw JSON.
    #[derive(Debug, Clone, PartialEq)]
    pub struct LeaveMonth {
        /// The year.
        year: i32 = "year";
        /// The calendar month (sent 0-based).
        month: Month = "month";
    }
}

impl Operation for LeaveMonth {
    type Output = Vec<Value>;
    const ID: OperationId = OperationId::LeaveMonth;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::year("year", self.year)?;
        ctx.request(Self::ID).api_key()?.path("year", self.year).path("month", self.month.zero_based()).build()
    }

    /// Like every list answer: `{}` is an empty list, and an element that is not an object (a
    /// leave record is one) is a `Decode` error (a shorter list would be a false success).
    fn parse(response: &Response) -> Result<Self::Output, Error> {
        let records = parse::json_list::<serde_json::Map<String, Value>>(Self::ID, response)?;
        Ok(records.into_iter().map(Value::Object).collect())
    }
}
