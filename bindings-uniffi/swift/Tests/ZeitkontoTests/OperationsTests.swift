// Every declared operation against the sandbox, with its Swift types (Int, records, RawJson).
import Foundation
import XCTest
@testable import Zeitkonto

final class OperationsTests: XCTestCase {
    override func setUp() async throws {
        try await Sandbox.shared.reset()
    }

    func testEmployeesAllEmployeesAndTheirDepartments() async throws {
        let c = try client()
        let active = try await c.employees()
        let first = try XCTUnwrap(active.first { $0.email == anna })
        XCTAssertEqual(first.givenName, "Anna")
        XCTAssertNotNil(first.joinDate)
        XCTAssertNil(first.dateOfSeparation)
        XCTAssertFalse(active.contains { $0.email == "otto.former@demo.example" })
        let everyone = try await c.allEmployees()
        XCTAssertTrue(everyone.contains { $0.email == "otto.former@demo.example" })
        XCTAssertFalse(everyone.contains { $0.email == "nora.nologin@demo.example" })
        let departments = try await c.employeeDepartments()
        XCTAssertEqual(departments.first { $0.employee == "Schmidt, Anna" }?.department, "Sales")
    }

    func testPresenceOverviewAndTheClock() async throws {
        let c = try client()
        let before = try await c.overview(email: anna)
        XCTAssertFalse(before.info[0].isClockedIn)
        try await c.come(employee: anna)
        let entry = try await c.overview(email: anna).info[0]
        XCTAssertTrue(entry.isClockedIn)
        XCTAssertEqual(entry.currentDevice, "API")
        let presence = try await c.presence(email: anna)
        XCTAssertEqual(presence.info[0].present, true)
        XCTAssertNotNil(presence.time, "epoch milliseconds arrive as a Date")
        // The shorthands take the spec's body fields: the device shows in the overview.
        try await c.stop(employee: anna, comment: "break", device: "Terminal 3")
        let stopped = try await c.overview(email: anna).info[0]
        XCTAssertEqual(stopped.currentDevice, "Terminal 3")
        try await c.go(employee: anna, device: "Terminal 3")
        let refused = await expectZeitkontoError { try await c.go(employee: anna) }
        guard case .refused = refused else { return XCTFail("\(String(describing: refused))") }
        try await c.clock(action: .come, employee: anna, device: "Kiosk", project: "p-website")
        let writes = try await Sandbox.shared.writes("clock")
        XCTAssertEqual(writes, 4)
        let whole = try await c.presence(day: "2026-11-20")
        XCTAssertTrue(whole.info.count >= 35 && whole.info.contains { $0.present == true })
    }

    func testMonthlyAccountsUseCalendarMonthsAsInt() async throws {
        let c = try client()
        let month: Int = Calendar(identifier: .gregorian).component(.month, from: Date(timeIntervalSince1970: 1_791_000_000))
        XCTAssertEqual(month, 10)
        let october = try await c.timeAccount(employee: anna, year: 2026, month: month)
        XCTAssertEqual(october.month, 10)
        XCTAssertEqual(october.year, 2026)
        XCTAssertTrue(!october.bookings.isEmpty && october.bookings.allSatisfy { $0.date?.hasPrefix("2026-10-") == true })
        let booked = october.bookings.filter { $0.startTime != nil && $0.start != nil }
        XCTAssertFalse(booked.isEmpty)
        XCTAssertTrue(booked.allSatisfy { $0.start!.contains(" " + $0.startTime!) }, "clock times agree with the start")
        let balance = try XCTUnwrap(october.balance)
        XCTAssertEqual(try XCTUnwrap(october.actual) - (try XCTUnwrap(october.target)), balance, accuracy: 1e-9)
        let report = try await c.timeAccountReport(email: anna, year: 2026, month: 10, project: true)
        XCTAssertEqual(report.target, october.target)
        let real = october.bookings.filter { $0.isDummy != "true" }
        XCTAssertEqual(real.count, report.bookings.count)
        let future = await expectZeitkontoError { try await c.timeAccountReport(email: anna, year: 2026, month: 12) }
        guard case let .api(status, code, _, _) = future else { return XCTFail("\(String(describing: future))") }
        XCTAssertEqual([status, code], [403, 4])
        let days = try await c.targetActualDays(email: anna, start: "2026-11-16", end: "2026-11-30")
        XCTAssertEqual(json(try XCTUnwrap(days.info.last))["date"] as? String, "2026-11-21")
    }

    func testDepartments() async throws {
        let c = try client()
        let accounts = try await c.departmentAccounts(department: "demo-department-key")
        XCTAssertNotNil(accounts[anna])
        let one = try await c.departmentMonth(department: "1", year: 2026, month: 10)
        XCTAssertEqual(one.name, "Sales")
        XCTAssertEqual(one.month, 10)
        let each = try await c.departmentMonthEmployees(department: "SALES", year: 2026, month: 10)
        XCTAssertTrue(each.count >= 10 && each.allSatisfy { $0.month == 10 })
        XCTAssertEqual(try XCTUnwrap(one.target), each.reduce(0.0) { $0 + ($1.target ?? 0) }, accuracy: 1e-9)
        let future = try await c.departmentMonthEmployees(department: "SALES", year: 2027, month: 1)
        XCTAssertEqual(future, [])
    }

    func testLeave() async throws {
        let c = try client()
        try await c.extraLeave(account: anna, days: 2.0, year: 2026, comment: "overtime")
        let foreign = await expectZeitkontoError { try await c.extraLeave(account: "olga.other@other.example", days: 1.0) }
        guard case .refused = foreign else { return XCTFail("\(String(describing: foreign))") }
        try await c.bookAbsence(reasonUuid: "LT-VAC", employeeUuid: annaUuid, halfDay: true, startDay: "2026-12-21", endDay: "2026-12-21")
        let special = await expectZeitkontoError { try await c.bookAbsence(reasonUuid: "LT-SPECIAL", employeeUuid: annaUuid) }
        guard case let .api(_, code, _, _) = special else { return XCTFail("\(String(describing: special))") }
        XCTAssertEqual(code, 4)
        let december = try await c.leaveMonth(year: 2026, month: 12).map(json)
        XCTAssertTrue(december.contains { $0["employee"] as? String == annaUuid && $0["halfDay"] as? Bool == true })
        let year = try await c.leaveYear(year: 2026)
        XCTAssertEqual((json(try XCTUnwrap(year.legend["LT-VAC"]))["en"]) as? String, "Vacation")
        let annasYear = year.employees.map(json).first { $0["email"] as? String == anna }
        XCTAssertEqual(annasYear?["extra"] as? Double, 2.0)
        let types = try await c.leaveTypes(email: anna)
        XCTAssertTrue(types.leaveTypes.map(json).contains { $0["uuid"] as? String == "LT-VAC" })
        let writes = try await Sandbox.shared.writes("extra_leave") + Sandbox.shared.writes("book_absence")
        XCTAssertEqual(writes, 2)
    }

    func testProjects() async throws {
        let c = try client()
        let all = try await c.projects(email: manager)
        XCTAssertTrue(all.projects.map(json).contains { $0["uuid"] as? String == "p-website" })
        let created = try await c.createProject(email: manager, name: "Launch", parentId: "p-website", extra: ["description": #""Q1""#])
        let uuid = try XCTUnwrap(created.uuid)
        let found = try await c.findProjects(email: manager, name: "Launch")
        XCTAssertEqual(found.projects, [uuid])
        let support = try await c.findProjects(email: manager, name: "Support")
        XCTAssertEqual(support.projects, ["p-support-a", "p-support-b"])
        let bookings = try await c.projectBookings(email: manager, uuid: "p-website", startDate: "2026-11-01", endDate: "2026-11-20")
        XCTAssertFalse(bookings.entries.isEmpty)
        try await c.deleteProject(email: manager, uuid: uuid)
        let again = await expectZeitkontoError { try await c.deleteProject(email: manager, uuid: uuid) }
        guard case let .api(_, code3, _, _) = again else { return XCTFail("\(String(describing: again))") }
        XCTAssertEqual(code3, 3)
        let noRole = await expectZeitkontoError { try await c.projects(email: anna) }
        guard case let .api(_, code8, _, _) = noRole else { return XCTFail("\(String(describing: noRole))") }
        XCTAssertEqual(code8, 8)
    }

    func testShifts() async throws {
        let c = try client()
        let week = try await c.shifts(year: 2026, week: 47)
        XCTAssertEqual(week.year, 2026)
        XCTAssertEqual(week.week, 47)
        XCTAssertEqual(week.workspaceName, "Front desk")
        let created = try await c.createShift(
            startTime: "22:00", endTime: "06:00", startDate: "2026-11-24", employeeAmount: 1,
            employees: [annaUuid, "00000000-0000-4000-8000-000000000902"])
        XCTAssertEqual(created.success, true)
        let id: Int = try XCTUnwrap(created.shiftId)
        let next = try await c.shifts(year: 2026, week: 48)
        let shift = try XCTUnwrap(next.shifts.map(json).first { $0["id"] as? Int == id })
        XCTAssertEqual((shift["mitarbeiter"] as? [Any])?.count, 1)
        let week53 = await expectZeitkontoError { try await c.shifts(year: 2025, week: 53) }
        guard case let .invalidInput(field, _, _) = week53 else { return XCTFail("\(String(describing: week53))") }
        XCTAssertEqual(field, "week")
    }

    func testAnyOperationByNameWithCanonicalJson() async throws {
        let c = try client()
        let out = json(try await c.call(operation: "time_account", params: #"{"employee":"\#(anna)","year":2026,"month":10}"#))
        XCTAssertEqual(out["month"] as? Int, 10)
        let unknown = await expectZeitkontoError { try await c.call(operation: "no_such_thing", params: "{}") }
        guard case let .invalidInput(field, _, _) = unknown else { return XCTFail("\(String(describing: unknown))") }
        XCTAssertEqual(field, "operation")
    }

    /// Every declared operation has a method, called here at least once (the drift check in
    /// scripts/check-surface.py compares names and parameters with the declaration).
    func testEveryDeclaredOperationIsCovered() throws {
        let declaration = try JSONSerialization.jsonObject(with: Data(contentsOf: vectorsDir.appendingPathComponent("declaration.json"))) as? [String: Any]
        let declared = (declaration?["operations"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        XCTAssertEqual(declared.count, operations().count)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        for op in declared {
            let swiftName = op.split(separator: "_").enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
            XCTAssertTrue(source.contains("c.\(swiftName)("), "\(swiftName) is not called in this file")
        }
    }
}
