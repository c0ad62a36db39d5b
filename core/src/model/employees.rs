//! Employee master data.

use super::{model, wire};
use crate::date::Date;

model! {
    /// An employee master record (`employees`, `all_employees`). All fields are strings on the
    /// wire; an empty string means "none" for the dates.
    pub struct EmployeeRecord {
        /// Personnel number (may be empty).
        personnel_number: opt String = "personnelNumber" => "personnelNumber",
        /// Main department (may be empty).
        main_department: opt String = "mainDepartment" => "mainDepartment",
        /// E-mail address.
        email: opt String = "email" => "email",
        /// Given name.
        given_name: opt String = "givenName" => "givenName",
        /// Last name.
        last_name: opt String = "lastName" => "lastName",
        /// Birthday.
        birthday: opt Date [via wire::EmptyOr<Date>] = "birthday" => "birthday",
        /// Join date.
        join_date: opt Date [via wire::EmptyOr<Date>] = "joinDate" => "joinDate",
        /// Date of separation, if any.
        date_of_separation: opt Date [via wire::EmptyOr<Date>] = "dateOfSeparation" => "dateOfSeparation",
    }
}

/// One employee and the name of their main department (`employee_departments`). The API sends an
/// array of single-entry objects `{ "<full name>": "<department>" }`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EmployeeDepartment {
    /// Full name of the employee.
    pub employee: String,
    /// Name of the main department (`None` when the API sent null or a non-string).
    pub department: Option<String>,
}

// Not a `model!` (its wire form is `{ "<name>": "<department>" }`): declared by hand, checked
// against the struct by the test below.
impl crate::model::decl::DeclaredModel for EmployeeDepartment {
    const NAME: &'static str = "EmployeeDepartment";
    const DOC: &'static str = "One employee and the name of their main department (`employee_departments`).";
    const FIELDS: &'static [crate::model::decl::FieldDecl] = &[
        crate::model::decl::FieldDecl {
            name: "employee",
            key: "employee",
            rust_type: "String",
            optional: false, // never absent (the key of the wire object)
            doc: "Full name of the employee.",
            api: "",
            wire: "",
        },
        crate::model::decl::FieldDecl {
            name: "department",
            key: "department",
            rust_type: "String",
            optional: true,
            doc: "Name of the main department (`None` when the API sent null or a non-string).",
            api: "",
            wire: "",
        },
    ];
    const EXTRA: bool = false;
}

#[cfg(test)]
mod tests {
    use crate::model::decl::DeclaredModel;

    #[test]
    fn the_hand_written_declaration_matches_the_struct() {
        let d = super::EmployeeDepartment { employee: "A".into(), department: None };
        let v = serde_json::to_value(&d).expect("serializes");
        let keys: Vec<&str> = v.as_object().expect("object").keys().map(String::as_str).collect();
        let mut declared: Vec<&str> = super::EmployeeDepartment::FIELDS.iter().map(|f| f.key).collect();
        declared.sort_unstable();
        assert_eq!(keys, declared);
    }
}
