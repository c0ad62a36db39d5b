import Foundation

/// A job's `next()` as an `AsyncThrowingStream`: what both jobs' `events()` share. Ending the
/// iteration (or cancelling its task) cancels the call in flight.
private func jobEvents(_ next: @escaping @Sendable () async throws -> JobEvent?) -> AsyncThrowingStream<JobEvent, Error> {
    AsyncThrowingStream { continuation in
        let task = Task {
            do {
                while let event = try await next() {
                    continuation.yield(event)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}

extension MonthCloseJob {
    /// The job's events as an `AsyncThrowingStream`: `.progress` after every call, `.account` per
    /// employee, `.employeeFailure`, `.departmentFallback`. Ending the iteration (or cancelling
    /// its task) cancels the call in flight; the stream throws `ZeitkontoError` when the job stops
    /// on what makes going on pointless (the key refused, the company inactive). `checkpoint()` is
    /// the job's state, to resume with `client.monthClose(..., checkpoint:)`.
    public func events() -> AsyncThrowingStream<JobEvent, Error> {
        jobEvents { try await self.next() }
    }
}

extension SweepJob {
    /// The events of a presence board, leave-year report or project-hours report: `.progress`
    /// after every call, then the call's rows (`.presence`, `.leave`, `.booking`), `.callFailure`
    /// for a call that failed (the job goes on), `.fallback` when the company-wide presence could
    /// not be used. The stream throws `ZeitkontoError` when the job stops on what makes going on
    /// pointless; `checkpoint()` resumes it when passed to the same call again.
    public func events() -> AsyncThrowingStream<JobEvent, Error> {
        jobEvents { try await self.next() }
    }
}
