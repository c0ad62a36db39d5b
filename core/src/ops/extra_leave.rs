//! `extra_leave`: pay extra leave days in (positive) or out (negative).

use serde::Deserialize;
use serde_json::Value;

use super::{body, s, Operation};
use crate::{parse, validate, Context, Error, OperationId, Request, Response};

/// Pays extra leave in or out; recorded in the leave history. The API answers `true`, or `false`
/// (→ [`Error::Refused`]) for a bad key, unknown account, foreign employee or missing module.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExtraLeave {
    /// E-mail of the employee.
    pub account: String,
    /// Days: positive = pay in, negative = pay out. Finite and non-zero.
    pub value: f64,
    /// Leave year; `None` = current leave year.
    #[serde(default)]
    pub year: Option<i32>,
    /// Comment for the leave history.
    #[serde(default)]
    pub comment: Option<String>,
}

impl Operation for ExtraLeave {
    type Output = ();
    const ID: OperationId = OperationId::ExtraLeave;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::email("account", &self.account)?;
        if !self.value.is_finite() || self.value == 0.0 {
            let got = serde_json::Number::from_f64(self.value)
                .map_or_else(|| "a non-finite number".to_string(), |n| n.to_string());
            return Err(Error::invalid("value", format!("days must be a finite, non-zero number, got {got}")));
        }
        if let Some(y) = self.year {
            validate::year("year", y)?;
        }
        let value = serde_json::Number::from_f64(self.value).map(Value::Number);
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
