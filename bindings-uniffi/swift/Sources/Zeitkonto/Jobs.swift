import Foundation

// A job's `events()` is its `next()` as an `AsyncThrowingStream`, pulled, not pushed: the job makes
// its next call only when the consumer asks for the next event, so its `checkpoint()` never runs
// ahead of what the consumer handled (at least once, never lost).

extension MonthCloseJob {
    /// The job's events as an `AsyncThrowingStream`: `.progress` after every call, `.account` per
    /// employee, `.employeeFailure`, `.departmentFallback`. Cancelling the consuming task cancels
    /// the call in flight; the stream throws `ZeitkontoError` when the job stops
    /// on what makes going on pointless (the key refused, the company inactive). `checkpoint()` is
    /// the job's state, to resume with `client.monthClose(..., checkpoint:)`.
    public func events() -> AsyncThrowingStream<JobEvent, Error> {
        AsyncThrowingStream(unfolding: { try await self.next() })
    }
}

extension SweepJob {
    /// The events of a presence board, leave-year report or project-hours report: `.progress`
    /// after every call, then the call's rows (`.presence`, `.leave`, `.booking`), `.callFailure`
    /// for a call that failed (the job goes on), `.fallback` when the company-wide presence could
    /// not be used. The stream throws `ZeitkontoError` when the job stops on what makes going on
    /// pointless; `checkpoint()` resumes it when passed to the same call again.
    public func events() -> AsyncThrowingStream<JobEvent, Error> {
        AsyncThrowingStream(unfolding: { try await self.next() })
    }
}
