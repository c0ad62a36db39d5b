//! `book_absence`: book an absence (half or full days).

use serde_json::Value;

use crate::context::Context;
use crate::date::Date;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::ops::{body, params, s, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Book an absence.
    BookAbsence = "book_absence", Post, "/rest/api/v2/absence/{api}",
    idempotent: false, source: "assumed", spec: "Book an absence", key: Company, position: 12
}

params! {
    /// Books an absence. Success is the JSON string `success` (trimmed, any case) and nothing else;
    /// `false` → [`Error::Refused`];
    /// any other answer → [`Error::Decode`] with an excerpt (the spec does not show the failure form).
    #[derive(Debug, Clone, PartialEq)]
    pub struct BookAbsence {
        /// External id of the absence type (`abscenceReasonUuid` on the wire, sic).
        reason_uuid: String = "reasonUuid";
        /// External id of the employee.
        employee_uuid: String = "employeeUuid";
        /// External id of the substitute (mandatory for some absence types).
        replacement_uuid: Option<String> = "replacementUuid", default;
        /// Half a day instead of a full day (`duration` 0 instead of 1 on the wire).
        half_day: bool = "halfDay", default;
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
        match (self.start_day, self.end_day, ctx.today()) {
            (Some(start), Some(end), _) => validate::date_range("startDay", start, end, None)?,
            // The server's default for the missing end is its today (Europe/Berlin, at most a
            // day ahead of UTC): a start after that can only fail.
            (Some(start), None, Some(today)) if today.add_days(1).is_some_and(|t| start > t) => {
                return Err(Error::invalid(
                    "startDay",
                    format!("{start} is in the future and endDay is missing (the server would end the absence today): give endDay"),
                ));
            }
            (None, Some(end), Some(today)) if today.add_days(-1).is_some_and(|t| end < t) => {
                return Err(Error::invalid(
                    "endDay",
                    format!("{end} is in the past and startDay is missing (the server would start the absence today): give startDay"),
                ));
            }
            _ => {}
        }
        let b = body([
            ("abscenceReasonUuid", Some(Value::String(self.reason_uuid.clone()))),
            ("employeeUuid", Some(Value::String(self.employee_uuid.clone()))),
            ("replacementUuid", s(self.replacement_uuid.as_ref())),
            ("duration", Some(Value::from(if self.half_day { 0 } else { 1 }))),
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
            Value::String(s) if s.trim().eq_ignore_ascii_case("success") => Ok(()),
            Value::Bool(false) => Err(Error::Refused),
            other => Err(Error::Decode {
                operation: Self::ID.name().to_string(),
                detail: format!(
                    "expected the string \"success\", got {}",
                    response.excerpt(parse::json_text(other).as_bytes(), parse::EXCERPT_CHARS)
                ),
            }),
        }
    }
}
