import Foundation

extension MonthCloseJob {
    /// The job's events as an `AsyncThrowingStream`: `.progress` after every call, `.account` per
    /// employee, `.employeeFailure`, `.departmentFallback`. Ending the iteration (or cancelling
    /// its task) cancels the call in flight; the stream throws `ZeitkontoError` when the job stops
    /// on what makes going on pointless (the key refused, the company inactive). `checkpoint()` is
    /// the job's state, to resume with `client.monthClose(..., checkpoint:)`.
    public func events() -> AsyncThrowingStream<JobEvent, Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    while let event = try await self.next() {
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
}
