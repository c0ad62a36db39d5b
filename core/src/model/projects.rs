//! Projects (project-management module, manager role).

use serde_json::Value;

use super::{model, wire, EpochMillis};

model! {
    /// Non-removed projects of the company (`projects`).
    pub struct ProjectsReport {
        /// Result code (0 = OK).
        code: opt i64 [via wire::Code] = "code" => "code",
        /// Epoch milliseconds of the call.
        time: opt EpochMillis [via wire::FlexInt] = "time" => "time",
        /// The projects (fields not shown by the spec: raw JSON).
        projects: list Vec<Value> = "projects" => "projects",
    }
}

model! {
    /// A created project (`create_project`).
    pub struct CreatedProject {
        /// Result code (0 = OK).
        code: opt i64 [via wire::Code] = "code" => "code",
        /// Epoch milliseconds of the call.
        time: opt EpochMillis [via wire::FlexInt] = "time" => "time",
        /// UUID of the new project.
        uuid: opt String = "uuid" => "uuid",
    }
}

model! {
    /// UUIDs of the projects with exactly the searched name (`find_projects`).
    pub struct FoundProjects {
        /// Result code (0 = OK).
        code: opt i64 [via wire::Code] = "code" => "code",
        /// Epoch milliseconds of the call.
        time: opt EpochMillis [via wire::FlexInt] = "time" => "time",
        /// The UUIDs; equal names give several.
        projects: list Vec<String> = "projects" => "projects",
    }
}

model! {
    /// Time bookings of a project and its sub-projects (`project_bookings`).
    pub struct ProjectBookingsReport {
        /// Result code (0 = OK).
        code: opt i64 [via wire::Code] = "code" => "code",
        /// Epoch milliseconds of the call.
        time: opt EpochMillis [via wire::FlexInt] = "time" => "time",
        /// The bookings (fields not shown by the spec: raw JSON).
        entries: list Vec<Value> = "entries" => "entries",
    }
}
