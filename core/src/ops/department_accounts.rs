//! `department_accounts`: current time accounts of a department, keyed by login e-mail.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;

use crate::context::Context;
use crate::error::Error;
use crate::http::{Request, Response};
use crate::model::wire::{Got, Key, Nested};
use crate::model::MonthlyAccount;
use crate::ops::{params, Operation};
use crate::routes::OperationId;
use crate::{parse, validate};

route! {
    /// Current time accounts of a department, keyed by login e-mail.
    DepartmentAccounts = "department_accounts", Get, "/rest/api/v2/time/department/{api}/{department}",
    idempotent: true, source: "assumed", spec: "Time accounts of a department", key: Company, position: 8
}

params! {
    /// The current time account of every employee of a department (by its department API key).
    #[derive(Debug, Clone, PartialEq)]
    pub struct DepartmentAccounts {
        /// The department's API key (a secret: it is redacted wherever it could show).
        department: String = "department";
    }
}

impl Operation for DepartmentAccounts {
    /// Login e-mail → that employee's current account: the same typed monthly account as every
    /// other account (calendar month, SDK names, unknown fields in `extra`). A value that is not
    /// an object becomes an account with no fields and the raw value in `extra["value"]`; an
    /// answer without one account among its values (a proxy's `{"error": …}`) is a `Decode` error.
    type Output = BTreeMap<String, MonthlyAccount>;
    const ID: OperationId = OperationId::DepartmentAccounts;

    fn request(&self, ctx: &Context) -> Result<Request, Error> {
        validate::non_empty("department", &self.department)?;
        ctx.request(Self::ID).api_key()?.secret_path("department", &self.department).build()
    }

    fn parse(response: &Response) -> Result<Self::Output, Error> {
        parse::json::<AccountsByEmail>(Self::ID, response).map(|a| a.0)
    }
}

const NOT_AN_OBJECT: &str = "expected a JSON object keyed by e-mail";
const NO_ACCOUNT: &str = "no account among the values of the object keyed by e-mail";

/// The wire form: an object keyed by e-mail (`[]` when empty, as PHP encodes an empty map).
struct AccountsByEmail(BTreeMap<String, MonthlyAccount>);

impl<'de> Deserialize<'de> for AccountsByEmail {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = AccountsByEmail;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<AccountsByEmail, A::Error> {
                let (mut out, mut accounts) = (BTreeMap::new(), false);
                while let Some(Key(email)) = map.next_key()? {
                    let Nested(got) = map.next_value::<Nested<MonthlyAccount>>()?;
                    let account = match got {
                        Got::Val(a) | Got::Partial(a, _) => {
                            accounts = true;
                            a
                        }
                        Got::Absent => {
                            accounts = true; // `null` or `[]` (PHP's empty map): an empty account
                            MonthlyAccount::default()
                        }
                        Got::Raw(v) => {
                            let mut a = MonthlyAccount::default();
                            a.extra.insert("value".to_string(), v);
                            a
                        }
                    };
                    out.insert(email.into_owned(), account);
                }
                // Not one account among the values (`{"error": "Not Found", "status": 404}`, a
                // proxy's own JSON): not this answer, rather than a map of empty accounts.
                if !out.is_empty() && !accounts {
                    return Err(de::Error::custom(NO_ACCOUNT));
                }
                Ok(AccountsByEmail(out))
            }
            // Every other JSON kind is refused with one fixed text: serde's default messages
            // would format a float with core's float printer (20 KB of wasm).
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<AccountsByEmail, E> {
                Err(E::custom(NOT_AN_OBJECT))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<AccountsByEmail, E> {
                Err(E::custom(NOT_AN_OBJECT))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<AccountsByEmail, E> {
                Err(E::custom(NOT_AN_OBJECT))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<AccountsByEmail, E> {
                Err(E::custom(NOT_AN_OBJECT))
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<AccountsByEmail, E> {
                Err(E::custom(NOT_AN_OBJECT))
            }
            fn visit_unit<E: de::Error>(self) -> Result<AccountsByEmail, E> {
                Err(E::custom(NOT_AN_OBJECT))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<AccountsByEmail, A::Error> {
                match seq.next_element::<Value>()? {
                    None => Ok(AccountsByEmail(BTreeMap::new())),
                    Some(_) => Err(de::Error::custom(NOT_AN_OBJECT)),
                }
            }
        }
        d.deserialize_any(V)
    }
}
