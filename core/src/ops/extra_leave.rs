//! `extra_leave`: pay extra leave days in (positive) or out (negative).

use serde_json::Value;

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::ops::{body, params, s, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Pay extra leave in or out.
    ExtraLeave = "extra_leave", Post, "/rest/api/v2/leave/account/{api}",
    idempotent: false, source: "assumed", spec: "Pay extra leave in or out", key: Company, position: 11
}

params! {
    /// Pays extra leave in or out; recorded in the leave history. The API answers `true`, or `false`
    /// (→ [`Error::Refused`]) for a bad key, unknown account, foreign employee or missing module.
    #[derive(Debug, Clone, PartialEq)]
    pub struct ExtraLeave {
        /// E-mail of the employee.
        account: String = "account";
        /// Days: positive = pay in, negative = pay out. Finite and non-zero.
        days: f64 = "days";
        /// Leave year; `None` = current leave year.
        year: Option<i32> = "year", default;
        /// Comment for the leave history.
        comment: Option<String> = "comment", default;
    }
}

impl Operation for ExtraLeave {
    type Output = ();
    const ID: OperationId = OperationId::ExtraLeave;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::email("account", &self.account)?;
        if !self.days.is_finite() || self.days == 0.0 {
            let got = serde_json::Number::from_f64(self.days)
                .map_or_else(|| "a non-finite number".to_string(), |n| n.to_string());
            return Err(Error::invalid("days", format!("must be a finite, non-zero number, got {got}")));
        }
        if let Some(y) = self.year {
            validate::year("year", y)?;
        }
        let value = serde_json::Number::from_f64(self.days).map(Value::Number);
        let b = body([
            ("account", Some(Value::String(self.account.clone()))),
            ("action", Some(Value::String("extraleave".to_string()))),
            ("value", value),
            ("year", self.year.map(Value::from)),
            ("comment", s(self.comment.as_ref())),
        ]);
        ctx.request(Self::ID).api_key()?.body(b).build()
    }

    fn parse(response: &Response) -> Result<(), Error> {
        parse::boolean(Self::ID, response)
    }
}
