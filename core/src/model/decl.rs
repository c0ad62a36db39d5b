//! What a result model declares about itself (its `model!` block), read by [`crate::decl`].

use crate::text::join_doc;

/// One field of a result model, as written in its `model!` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldDecl {
    /// The SDK name in snake_case (the Rust field; camelCase in JS, Kotlin, Swift).
    pub name: &'static str,
    /// The key in the canonical JSON form (the camelCase of `name`).
    pub key: &'static str,
    /// The Rust type as written: the value type of an optional field (`String` for
    /// `Option<String>`), the whole type of a list or map (`Vec<AccountBooking>`).
    pub rust_type: &'static str,
    /// An optional value (`Option<rust_type>`, `null` when absent); otherwise always present
    /// (a list or map is empty when the API sent none).
    pub optional: bool,
    /// The field's doc comment.
    pub doc: &'static str,
    /// The field's name in the API's JSON (`soll` for `target`).
    pub api: &'static str,
    /// The lenient wire type that reads it (`wire::FlexNum`), or `""` for the type's default
    /// (`String` → `Text`, `Value` → any, `Vec<Value>` → `RawList`, `Vec<String>` → `TextList`,
    /// a map → `RawMap`, a model → `Nested`, a list of models → `ModelList`; see `model::wire`).
    /// The npm package's generated fast reader (`src/decode.js`) is derived from it.
    pub wire: &'static str,
}

impl FieldDecl {
    /// The Rust type without white space.
    pub fn type_text(&self) -> String {
        self.rust_type.chars().filter(|c| !c.is_whitespace()).collect()
    }
}

/// What the `model!` macro declares about a result model.
pub trait DeclaredModel {
    /// The model's name (`MonthlyAccount`), the same in every language.
    const NAME: &'static str;
    /// Its doc comment.
    const DOC: &'static str;
    /// Its fields, in declared order.
    const FIELDS: &'static [FieldDecl];
    /// Whether it keeps unknown fields in `extra`.
    const EXTRA: bool;
}

/// The declaration of one result model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelDecl {
    /// The model's name.
    pub name: &'static str,
    /// Its doc comment.
    pub doc: &'static str,
    /// Its fields.
    pub fields: &'static [FieldDecl],
    /// Whether it has `extra` (unknown fields, unchanged).
    pub extra: bool,
}

impl ModelDecl {
    /// The declaration of the model `M`.
    pub fn of<M: DeclaredModel>() -> ModelDecl {
        ModelDecl { name: M::NAME, doc: M::DOC, fields: M::FIELDS, extra: M::EXTRA }
    }

    /// The declaration as JSON (`models` in `tests/vectors/declaration.json`).
    pub fn to_json(&self) -> serde_json::Value {
        let fields: Vec<serde_json::Value> = self
            .fields
            .iter()
            .map(|f| {
                serde_json::json!({
                    "name": f.name,
                    "key": f.key,
                    "rustType": f.type_text(),
                    "optional": f.optional,
                    "doc": join_doc(f.doc),
                    "api": f.api,
                    "wire": f.wire.chars().filter(|c| !c.is_whitespace()).collect::<String>(),
                })
            })
            .collect();
        serde_json::json!({ "name": self.name, "doc": join_doc(self.doc), "fields": fields, "extra": self.extra })
    }
}
