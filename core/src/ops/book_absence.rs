//! `book_absence`: book an absence (half or full days).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{body, params, s, Operation};
use crate::{parse, validate, Context, Date, Error, OperationId, Request, Response};

/// Half or full day (`duration` 0 or 1 on the wire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum AbsenceDuration {
    /// `0`: half a day.
    HalfDay,
    /// `1`: full day (the default).
    #[default]
    FullDay,
}

params! {
    /// Books an absence. Success is a JSON string containing `success`; `false` → [`Error::Refused`];
    /// any other answer → [`Error::Decode`] with an excerpt (the spec does not show the failure form).
    #[derive(Debug, Clone, PartialEq)]
    pub struct BookAbsence {
        /// External id of the absence type (`abscenceReasonUuid` on the wire, sic).
        reason_uuid: String = "reasonUuid";
        /// External id of the employee.
        employee_uuid: String = "employeeUuid";
        /// External id of the substitute (mandatory for some absence types).
        replacement_uuid: Option<String> = "replacementUuid", default;
        /// Half or full day.
        duration: AbsenceDuration = "duration", default;
        /// First day; `None` = today.
        start_day: Option<Date> = "startDay", default;
        /// Last day; `None` = today.
        end_day: Option<Date> = "endDay", default;
        /// Planned rather than requested.
        planned: bool = "planned", default;
        /// Comment.
        comment: Option<String> = "comment", default;
    }
}

impl Operation for BookAbsence {
    type Output = ();
    const ID: OperationId = OperationId::BookAbsence;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::non_empty("reasonUuid", &self.reason_uuid)?;
        validate::non_empty("employeeUuid", &self.employee_uuid)?;
        validate::non_empty_opt("replacementUuid", self.replacement_uuid.as_deref())?;
        if let (Some(start), Some(end)) = (self.start_day, self.end_day) {
            validate::date_range("startDay", start, end, None)?;
        }
        let b = body([
            ("abscenceReasonUuid", Some(Value::String(self.reason_uuid.clone()))),
            ("employeeUuid", Some(Value::String(self.employee_uuid.clone()))),
            ("replacementUuid", s(self.replacement_uuid.as_ref())),
            ("duration", Some(Value::from(if self.duration == AbsenceDuration::HalfDay { 0 } else { 1 }))),
            ("startDay", s(self.start_day)),
            ("endDay", s(self.end_day)),
            ("planned", Some(Value::Bool(self.planned))),
            ("comment", s(self.comment.as_ref())),
        ]);
        ctx.request(Self::ID).api_key()?.body(b).build()
    }

    fn parse(response: &Response) -> Result<(), Error> {
        let v = parse::json_or_text(Self::ID, response)?;
        match &v {
            Value::String(s) if s.to_ascii_lowercase().contains("success") => Ok(()),
            Value::Bool(false) => Err(Error::Refused),
            other => Err(Error::Decode {
                operation: Self::ID.name().to_string(),
                detail: format!(
                    "expected the success string, got {}",
                    crate::http::excerpt(parse::json_text(other).as_bytes(), parse::EXCERPT_CHARS)
                ),
            }),
        }
    }
}
