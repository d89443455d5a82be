import Testing
@testable import UnitsKit

/// The names each sync service gives a conflict copy, and names that only
/// look alike.
@Suite struct ConflictCopiesTests {
    @Test(arguments: [
        ("habits.sync-conflict-20251214-101530-ABCDEFG.units", ConflictCopies.Service.syncthing),
        ("habits (Ana's conflicted copy 2025-12-14).units", .dropbox),
        ("habits (Ana’s conflicted copy 2025-12-14).units", .dropbox),
        ("habits (Zoë Müller's conflicted copy 2025-12-14).units", .dropbox),
        ("habits (Łukasz's iPhone's conflicted copy 2025-12-14) (1).units", .dropbox),
        ("habits (山田's conflicted copy 2025-12-14) (2).units", .dropbox),
        ("habits (conflicted copy 2025-12-14 101530).units", .nextcloud),
        ("habits_conflict-20251214-101530.units", .nextcloud),
        ("habits 2.units", .iCloud),
        ("habits 12.units", .iCloud),
        ("habits (1).units", .googleDrive),
        ("habits-DESKTOP-1A2B3C4.units", .oneDrive),
        ("habits-LAPTOP.units", .oneDrive),
    ])
    func copiesOfHabits(_ name: String, _ service: ConflictCopies.Service) {
        #expect(ConflictCopies.service(of: name, copyOf: "habits.units") == service)
    }

    @Test(arguments: [
        "habits.units", "habits-2024.units", "habits-work.units", "habits 1.units", "habits 100.units",
        "habits.units.bak", "habits.sync-conflict-20251214-101530-ABCDEFG.units.tmp", "habits2.units",
        "habits (copy).units", "habits (Ana's conflicted copy 2025-12).units", "habits (s conflicted copy 2025-12-14).units",
        "habits.sync-conflict-2025121-101530-ABCDEFG.units", "other.sync-conflict-20251214-101530-ABCDEFG.units",
        "habits-EN.units", "habits.folded", "habits (0).units",
    ])
    func notCopies(_ name: String) {
        #expect(ConflictCopies.service(of: name, copyOf: "habits.units") == nil)
    }

    @Test func journalNamesWithSpacesAndNoExtension() {
        #expect(ConflictCopies.service(of: "my habits 2.units", copyOf: "my habits.units") == .iCloud)
        #expect(ConflictCopies.service(of: "my habits (Jo's conflicted copy 2025-12-14).units", copyOf: "my habits.units") == .dropbox)
        #expect(ConflictCopies.service(of: "journal.sync-conflict-20251214-101530-ABCDEFG", copyOf: "journal") == .syncthing)
        #expect(ConflictCopies.service(of: "work.sync-conflict-20251214-101530-ABCDEFG.units", copyOf: "work.units") == .syncthing)
    }
}
