// Zeitkonto used the ways Swift 6 code uses a shared client, compiled with strict concurrency
// checking (Swift 6 language mode) and run against the sandbox by scripts/swift-test
// (ZEITKONTO_BASE_URL, ZEITKONTO_API_KEY). Exits non-zero when something does not hold.
import Foundation
import Zeitkonto

let env = ProcessInfo.processInfo.environment
let anna = "anna.schmidt@demo.example"

func check(_ condition: Bool, _ what: String) {
    if !condition {
        print("consumer: FAILED: \(what)")
        exit(1)
    }
}

/// A presence board kept by an actor: the client crosses into it.
actor PresenceBoard {
    private let client: ZeitkontoClient
    private(set) var present: [String] = []

    init(client: ZeitkontoClient) { self.client = client }

    func refresh() async throws -> Int {
        let report = try await client.presence()
        present = report.info.filter { $0.present == true }.compactMap(\.employee)
        return present.count
    }
}

/// A view model on the main actor, as a SwiftUI screen holds one.
@MainActor
final class AccountModel {
    private let client: ZeitkontoClient
    private(set) var balance: Double?
    private(set) var message: String?

    init(client: ZeitkontoClient) { self.client = client }

    func load(employee: String, on day: Date) async {
        let calendar = Calendar(identifier: .gregorian)
        let year = calendar.component(.year, from: day)    // Int, as Calendar gives it
        let month = calendar.component(.month, from: day)
        do {
            balance = try await client.timeAccount(employee: employee, year: year, month: month).balance
        } catch let error as ZeitkontoError {
            message = error.localizedDescription              // the SDK's sentence, not a field dump
        } catch {
            message = "\(error)"
        }
    }
}

let config = ZeitkontoConfig(
    apiKey: ApiKey(env["ZEITKONTO_API_KEY"] ?? "demo-company-key"),
    baseUrl: env["ZEITKONTO_BASE_URL"])
let client = try ZeitkontoClient(config: config)

// One client shared by a task group.
let counts = try await withThrowingTaskGroup(of: Int.self) { group in
    for _ in 0..<4 { group.addTask { try await client.employees().count } }
    var all: [Int] = []
    for try await n in group { all.append(n) }
    return all
}
check(counts.count == 4 && Set(counts).count == 1 && counts[0] > 0, "a task group shares one client: \(counts)")

// Detached tasks and an actor.
let board = PresenceBoard(client: client)
let detached = Task.detached { try await board.refresh() }
let present = try await detached.value
check(present >= 0, "the actor refreshed the board")

// A @MainActor model; an error reads as a sentence.
let day = ISO8601DateFormatter().date(from: "2026-10-15T12:00:00Z") ?? Date()
let model = AccountModel(client: client)             // top-level code runs on the main actor
await model.load(employee: anna, on: day)
let balance = model.balance
check(balance != nil, "the main-actor model loaded a balance")
await model.load(employee: "nobody@demo.example", on: day)
let message = model.message ?? ""
check(message.hasPrefix("API error code 1"), "an error's localizedDescription is its sentence: \(message)")

// Results are Codable: cached and read back.
let account = try await client.timeAccount(employee: anna, year: 2026, month: 10)
let data = try JSONEncoder().encode(account)
let cached = try JSONDecoder().decode(MonthlyAccount.self, from: data)
check(cached == account, "a MonthlyAccount survives JSONEncoder/JSONDecoder")

print("consumer: ok (\(counts[0]) employees, \(present) present, balance \(balance ?? 0) min)")
