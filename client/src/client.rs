//! [`Client`]: one async method per operation, over the one driver.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use zeitkonto_core::limiter::LimiterConfig;
use zeitkonto_core::ops::*;
use zeitkonto_core::retry::RetryConfig;
use zeitkonto_core::{
    AccountReport, ApiKey, Context, CreatedProject, CreatedShift, Date, EmployeeDepartment, EmployeeRecord, Error,
    FoundProjects, LeaveTypesReport, LeaveYearOverview, Month, MonthlyAccount, Operation, OperationId, OverviewReport,
    PresenceReport, ProjectBookingsReport, ProjectsReport, Request, Response, Route, RouteTable, TargetActualReport,
    WeekShifts,
};

use crate::driver::{Driver, Event, Observer};
use crate::transport::{Transport, TransportSettings};

/// Default per-request timeout.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// The default bound on a response body: 16 MiB (the API's largest answers, a department of
/// thousands of employees, stay far below it).
pub const DEFAULT_MAX_RESPONSE_BYTES: usize = 16 * 1024 * 1024;

/// Configures a [`Client`]. Keys never print.
pub struct ClientBuilder {
    base_url: Option<String>,
    same_origin: bool,
    api_key: Option<ApiKey>,
    workspace_key: Option<ApiKey>,
    routes: RouteTable,
    route_errors: Vec<Error>,
    timeout: Option<Duration>,
    retry: RetryConfig,
    limiter: LimiterConfig,
    transport: Option<Arc<dyn Transport>>,
    settings: TransportSettings,
    observer: Option<Observer>,
    max_response_bytes: usize,
}

impl std::fmt::Debug for ClientBuilder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientBuilder")
            .field("base_url", &self.base_url)
            .field("api_key", &self.api_key)
            .field("workspace_key", &self.workspace_key)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl ClientBuilder {
    /// The instance URL (default `https://desktop.saas.de`; `http://` only for loopback hosts).
    pub fn base_url(mut self, url: impl Into<String>) -> Self {
        self.base_url = Some(url.into());
        self
    }

    /// The base URL, which with `same_origin` the caller knows to be its own origin: a browser
    /// page's or worker's same-origin backend, which adds the key server-side. Plain `http://` is
    /// then allowed for any host (the page itself came over it, and the key never leaves the
    /// origin); see `Context::with_base_url_same_origin`. The npm package passes whether `baseUrl`
    /// resolves to the page's origin.
    pub fn base_url_same_origin(mut self, url: impl Into<String>, same_origin: bool) -> Self {
        self.base_url = Some(url.into());
        self.same_origin = same_origin;
        self
    }

    /// The company key (or an employee key), sent as `{api}` or as `api-key` in the body.
    pub fn api_key(mut self, key: impl Into<ApiKey>) -> Self {
        self.api_key = Some(key.into());
        self
    }

    /// The workspace key for `shifts` and `create_shift`.
    pub fn workspace_key(mut self, key: impl Into<ApiKey>) -> Self {
        self.workspace_key = Some(key.into());
        self
    }

    /// Overrides the route of one operation, e.g. `route(OperationId::Clock, "POST /x/{action}/{api}/{employee}")`.
    pub fn route(mut self, op: OperationId, route: &str) -> Self {
        match Route::parse(route).and_then(|r| r.check_for(op).map(|()| r)) {
            Ok(r) => self.routes.set(op, r),
            Err(e) => self.route_errors.push(e),
        }
        self
    }

    /// Replaces the whole route table.
    pub fn routes(mut self, routes: RouteTable) -> Self {
        self.routes = routes;
        self
    }

    /// The largest response body accepted, in bytes (default [`DEFAULT_MAX_RESPONSE_BYTES`],
    /// 16 MiB). A larger answer fails with [`Error::Decode`] naming the limit; the bundled
    /// transport stops reading at the limit, so a hostile server cannot exhaust memory.
    pub fn max_response_bytes(mut self, bytes: usize) -> Self {
        self.max_response_bytes = bytes;
        self
    }

    /// Timeout of each attempt (default 30 s): a read that times out may be retried with a
    /// timeout of its own (see [`Self::retry`]), so a call can take longer. `None` disables it.
    pub fn timeout(mut self, timeout: Option<Duration>) -> Self {
        self.timeout = timeout;
        self
    }

    /// Retry settings (default: 2 retries for reads, 429s honoured up to 60 s).
    pub fn retry(mut self, retry: RetryConfig) -> Self {
        self.retry = retry;
        self
    }

    /// Rate-limit settings (default 60 per 60 s). Clients of the same key with the same settings
    /// in one process share one limiter; a limit of 0 turns client-side limiting off.
    pub fn rate_limit(mut self, limiter: LimiterConfig) -> Self {
        self.limiter = limiter;
        self
    }

    /// The `User-Agent` of the bundled transport (default `zeitkonto-rust/<version>`; the
    /// bindings send `zeitkonto-python/…`, `zeitkonto-kotlin/…`, …). Put your product first if a
    /// proxy or WAF should see it: `"payroll-sync/2.1 zeitkonto-rust/0.1.0"`.
    pub fn user_agent(mut self, user_agent: impl Into<String>) -> Self {
        self.settings.user_agent = Some(user_agent.into());
        self
    }

    /// Trusts these PEM certificates (a private CA, a TLS-inspecting proxy's CA) besides the
    /// system's, in the bundled transport. A file without a certificate fails `build()` with
    /// `InvalidInput` (`ca_certificates`).
    pub fn ca_certificates_pem(mut self, pem: impl Into<Vec<u8>>) -> Self {
        self.settings.ca_certificates_pem = Some(pem.into());
        self
    }

    /// Sends every request of the bundled transport through this proxy
    /// (`http://proxy.corp:3128`, with `user:password@` when it needs them; https requests go
    /// through it with CONNECT, so the proxy never sees the URL and its key). Without it the
    /// environment's `HTTPS_PROXY`/`ALL_PROXY` and `NO_PROXY` apply.
    pub fn proxy(mut self, url: impl Into<String>) -> Self {
        self.settings.proxy = Some(url.into());
        self
    }

    /// Uses another transport (a mock, or a custom HTTP stack).
    pub fn transport(mut self, transport: Arc<dyn Transport>) -> Self {
        self.transport = Some(transport);
        self
    }

    /// Called for every driver event (redacted): plug in `log`/`tracing` here.
    pub fn on_event(mut self, f: impl Fn(&Event) + Send + Sync + 'static) -> Self {
        self.observer = Some(Arc::new(f));
        self
    }

    /// Builds the client; fails on a bad base URL or route override.
    pub fn build(self) -> Result<Client, Error> {
        if let Some(e) = self.route_errors.into_iter().next() {
            return Err(e);
        }
        let mut ctx = Context::default().with_routes(self.routes).with_today(crate::runtime::today);
        if let Some(url) = &self.base_url {
            ctx = ctx.with_base_url_same_origin(url, self.same_origin)?;
        }
        if let Some(k) = self.api_key {
            ctx = ctx.with_api_key(k);
        }
        if let Some(k) = self.workspace_key {
            ctx = ctx.with_workspace_key(k);
        }
        let settings = TransportSettings { max_body: Some(self.max_response_bytes), ..self.settings };
        let transport: Arc<dyn Transport> = match self.transport {
            Some(t) => t,
            None => default_transport(&settings)?,
        };
        Ok(Client {
            driver: Arc::new(Driver {
                context: ctx,
                transport,
                timeout: self.timeout,
                retry: self.retry,
                limiter: self.limiter,
                observer: self.observer,
                max_response_bytes: self.max_response_bytes,
                settings,
            }),
        })
    }
}

#[cfg(feature = "reqwest")]
fn default_transport(settings: &TransportSettings) -> Result<Arc<dyn Transport>, Error> {
    Ok(Arc::new(crate::transport::ReqwestTransport::with_settings(settings)?))
}

#[cfg(not(feature = "reqwest"))]
fn default_transport(_settings: &TransportSettings) -> Result<Arc<dyn Transport>, Error> {
    Err(Error::invalid("transport", "built without the `reqwest` feature: pass a transport with `.transport(...)`"))
}

/// The Zeitkonto client: one async method per operation. Cheap to clone (shared state).
///
/// ```no_run
/// # async fn demo() -> Result<(), zeitkonto::Error> {
/// use zeitkonto::{Client, Month};
/// let client = Client::builder().api_key("my-company-key").build()?;
/// let account = client.time_account("anna@example.com", 2026, Month::March).await?;
/// println!("balance in March: {:?} min", account.balance);
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct Client {
    driver: Arc<Driver>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client").field("context", &self.driver.context).finish_non_exhaustive()
    }
}

impl Client {
    /// A builder with the defaults.
    pub fn builder() -> ClientBuilder {
        ClientBuilder {
            base_url: None,
            same_origin: false,
            api_key: None,
            workspace_key: None,
            routes: RouteTable::new(),
            route_errors: Vec::new(),
            timeout: Some(DEFAULT_TIMEOUT),
            retry: RetryConfig::default(),
            limiter: LimiterConfig::default(),
            transport: None,
            settings: TransportSettings::default(),
            observer: None,
            max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
        }
    }

    /// The context requests are built from (keys redacted when printed).
    pub fn context(&self) -> &Context {
        &self.driver.context
    }

    /// The same client (keys, routes, timeout, retry, limiter, event callback) with a new bundled
    /// transport: none of this client's open connections. For a process made by `fork()`: the
    /// child inherits the parent's pooled connections but not the runtime threads that drove
    /// them, so a request on one of them would never complete. Fails without the `reqwest`
    /// feature, whose transport is the only one it can make.
    pub fn with_new_connections(&self) -> Result<Client, Error> {
        let d = &self.driver;
        Ok(Client {
            driver: Arc::new(Driver {
                context: d.context.clone(),
                transport: default_transport(&d.settings)?,
                timeout: d.timeout,
                retry: d.retry,
                limiter: d.limiter,
                observer: d.observer.clone(),
                max_response_bytes: d.max_response_bytes,
                settings: d.settings.clone(),
            }),
        })
    }

    /// Runs any operation value.
    pub async fn execute<O: Operation>(&self, op: &O) -> Result<O::Output, Error> {
        let request = op.request(&self.driver.context)?;
        self.driver.run(O::ID, request, O::parse).await
    }

    /// Runs an operation by its stable name with canonical JSON parameters, returning the
    /// canonical JSON output (what the language bindings call).
    pub async fn call_json(&self, op: OperationId, params: &Value) -> Result<Value, Error> {
        let request = zeitkonto_core::build_request(op, params, &self.driver.context)?;
        self.driver.run(op, request, |r| zeitkonto_core::parse_response(op, r)).await
    }

    /// Like [`Client::call_json`] with the params and the output as JSON text, never building a
    /// `serde_json::Value` (the wasm binding uses it to keep its size down).
    pub async fn call_text(&self, op: OperationId, params: &str) -> Result<String, Error> {
        self.call_text_with(op, params, |r| zeitkonto_core::parse_response_text(op, r)).await
    }

    /// Like [`Client::call_text`], but the final response goes to `parse` instead of the core's
    /// text reader: the limiter, the retries, the size bound and the redaction of errors are the
    /// same. The npm package uses it to read plain answers with the engine's `JSON.parse` and to
    /// hand every other answer to [`zeitkonto_core::parse_response_text`].
    pub async fn call_text_with<T>(
        &self,
        op: OperationId,
        params: &str,
        parse: impl Fn(&Response) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let request = zeitkonto_core::build_request_text(op, params, &self.driver.context)?;
        self.driver.run(op, request, parse).await
    }

    /// Sends a prepared request through the limiter and retry policy and returns the final raw
    /// response (any status). For advanced use; prefer the typed methods.
    pub async fn send_raw(&self, op: OperationId, request: Request) -> Result<Response, Error> {
        self.driver.run(op, request, |r| Ok(r.clone())).await
    }

    /// Master data of the active employees.
    pub async fn employees(&self) -> Result<Vec<EmployeeRecord>, Error> {
        self.execute(&Employees {}).await
    }

    /// Presence for one day (`None` = today) of one employee or everyone.
    pub async fn presence(&self, email: Option<&str>, day: Option<Date>) -> Result<PresenceReport, Error> {
        self.execute(&Presence { email: email.map(str::to_string), day }).await
    }

    /// Today's overview of one employee or everyone in scope.
    pub async fn overview(&self, email: Option<&str>) -> Result<OverviewReport, Error> {
        self.execute(&Overview { email: email.map(str::to_string) }).await
    }

    /// Monthly time account of one employee (UUID, e-mail or employee key) for a calendar month.
    pub async fn time_account(&self, employee: &str, year: i32, month: Month) -> Result<MonthlyAccount, Error> {
        self.execute(&TimeAccount { employee: employee.to_string(), year, month }).await
    }

    /// The body-based monthly account.
    pub async fn time_account_report(&self, params: &TimeAccountReport) -> Result<AccountReport, Error> {
        self.execute(params).await
    }

    /// Target/actual minutes per day for a range.
    pub async fn target_actual_days(&self, params: &TargetActualDays) -> Result<TargetActualReport, Error> {
        self.execute(params).await
    }

    /// Any clock action with all options.
    pub async fn clock(&self, params: &Clock) -> Result<(), Error> {
        self.execute(params).await
    }

    /// Clocks an employee in.
    pub async fn come(&self, employee: &str) -> Result<(), Error> {
        self.clock(&Clock::new(ClockAction::Come, employee)).await
    }

    /// Clocks an employee out.
    pub async fn go(&self, employee: &str) -> Result<(), Error> {
        self.clock(&Clock::new(ClockAction::Go, employee)).await
    }

    /// Clocks out and starts a new booking right after.
    pub async fn stop(&self, employee: &str) -> Result<(), Error> {
        self.clock(&Clock::new(ClockAction::Stop, employee)).await
    }

    /// Current time accounts of a department (by department key), keyed by login e-mail.
    pub async fn department_accounts(&self, department: &str) -> Result<BTreeMap<String, MonthlyAccount>, Error> {
        self.execute(&DepartmentAccounts { department: department.to_string() }).await
    }

    /// Monthly summary of a department (by ID).
    pub async fn department_month(&self, department: &str, year: i32, month: Month) -> Result<MonthlyAccount, Error> {
        self.execute(&DepartmentMonth { department: department.to_string(), year, month }).await
    }

    /// Monthly summaries per active employee of a department (by external id).
    pub async fn department_month_employees(
        &self,
        department: &str,
        year: i32,
        month: Month,
    ) -> Result<Vec<MonthlyAccount>, Error> {
        self.execute(&DepartmentMonthEmployees { department: department.to_string(), year, month }).await
    }

    /// Pays extra leave in (positive days) or out (negative).
    pub async fn extra_leave(&self, params: &ExtraLeave) -> Result<(), Error> {
        self.execute(params).await
    }

    /// Books an absence.
    pub async fn book_absence(&self, params: &BookAbsence) -> Result<(), Error> {
        self.execute(params).await
    }

    /// Leave records overlapping a calendar month.
    pub async fn leave_month(&self, year: i32, month: Month) -> Result<Vec<Value>, Error> {
        self.execute(&LeaveMonth { year, month }).await
    }

    /// Yearly leave overview.
    pub async fn leave_year(&self, year: i32) -> Result<LeaveYearOverview, Error> {
        self.execute(&LeaveYear { year }).await
    }

    /// Leave types of the company (`email`: an employee of the company).
    pub async fn leave_types(&self, email: &str) -> Result<LeaveTypesReport, Error> {
        self.execute(&LeaveTypes { email: email.to_string() }).await
    }

    /// Employees with their main department.
    pub async fn employee_departments(&self) -> Result<Vec<EmployeeDepartment>, Error> {
        self.execute(&EmployeeDepartments {}).await
    }

    /// All employees with a login account.
    pub async fn all_employees(&self) -> Result<Vec<EmployeeRecord>, Error> {
        self.execute(&AllEmployees {}).await
    }

    /// Projects of the company (`email`: the acting project manager).
    pub async fn projects(&self, email: &str) -> Result<ProjectsReport, Error> {
        self.execute(&Projects { email: email.to_string() }).await
    }

    /// Creates a project.
    pub async fn create_project(&self, params: &CreateProject) -> Result<CreatedProject, Error> {
        self.execute(params).await
    }

    /// Deletes a project.
    pub async fn delete_project(&self, email: &str, uuid: &str) -> Result<(), Error> {
        self.execute(&DeleteProject { email: email.to_string(), uuid: uuid.to_string() }).await
    }

    /// UUIDs of the projects with exactly this name.
    pub async fn find_projects(&self, email: &str, name: &str) -> Result<FoundProjects, Error> {
        self.execute(&FindProjects { email: email.to_string(), name: name.to_string() }).await
    }

    /// Time bookings of a project and its sub-projects (at most 31 days).
    pub async fn project_bookings(
        &self,
        email: &str,
        uuid: &str,
        start: Date,
        end: Date,
    ) -> Result<ProjectBookingsReport, Error> {
        let op = ProjectBookings { email: email.to_string(), uuid: uuid.to_string(), start_date: start, end_date: end };
        self.execute(&op).await
    }

    /// Shifts of the workspace for one ISO week.
    pub async fn shifts(&self, year: i32, week: u32) -> Result<WeekShifts, Error> {
        self.execute(&Shifts { year, week }).await
    }

    /// Creates a shift in the workspace.
    pub async fn create_shift(&self, params: &CreateShift) -> Result<CreatedShift, Error> {
        self.execute(params).await
    }
}
