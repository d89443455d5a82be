import Testing
@testable import UnitsKit

/// `remind:` in the editor: completed as a key, with example values, the
/// day reminders' options after `option`, and the reminder in a habit's hover.
@Suite struct ReminderLanguageTests {
    static let uri = "file:///tmp/units-lsp-reminder/habits.units"

    @Test func completionOffersTheKeyItsValuesAndTheOptions() {
        let client = LSPTestClient()
        client.open(Self.uri, "units 1\n2025-12-01 habit Meditate\n  kind: check\n  \n  remind: \noption \n")
        let keys = LanguageServerTests.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 3, 2)))
        #expect(keys.contains("remind:"))
        let values = LanguageServerTests.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 4, 10)))
        #expect(values.contains("21:00") && values.contains("07:30 mon wed fri"))
        for value in values { #expect((try? Reminder.parse(value.split(separator: " ").map(String.init)).get()) != nil, "\(value)") }
        let options = LanguageServerTests.labels(client.result("textDocument/completion", LSPTestClient.at(Self.uri, 5, 7)))
        #expect(options.contains("remind-morning") && options.contains("remind-evening") && options.contains("day-start"))
    }

    @Test func hoverShowsTheReminder() {
        let client = LSPTestClient()
        client.open(Self.uri, "units 1\n2025-12-01 habit Gym\n  kind: check\n  remind: 07:00 fri mon\n2025-12-14 Gym yes\n")
        let text = client.result("textDocument/hover", LSPTestClient.at(Self.uri, 4, 12))["contents"]?["value"]?.string ?? ""
        #expect(text.contains("Reminder at 07:00 on Mon Fri"), "\(text)")
        let plain = "file:///tmp/units-lsp-reminder/plain.units"
        client.open(plain, "units 1\n2025-12-01 habit Gym\n  kind: check\n2025-12-14 Gym yes\n")
        let none = client.result("textDocument/hover", LSPTestClient.at(plain, 3, 12))["contents"]?["value"]?.string ?? ""
        #expect(none.contains("**Gym**") && !none.contains("Reminder"), "\(none)")
    }
}
