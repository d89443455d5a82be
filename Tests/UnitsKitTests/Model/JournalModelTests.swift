import Testing
@testable import UnitsKit

struct JournalModelTests {
    @Test func habitAttributes() {
        let journal = Fixtures.journal("""
            2025-01-01 habit Walk
              title: "Evening walk"
              unit: lap lp
              size: 0.25 miles
              floor: 8/week
              color: #3b82f6
              icon: figure.walk
              note: Why does this matter to me?
            2025-01-01 habit Read-30
              kind: check
              goal: 10 pages
              min: 1 page
              every: mon wed fri
              priority: must
            2025-01-01 habit No-scrolling
              kind: check
              type: quit
              every: 3/week
            """)
        #expect(Fixtures.findings(journal) == [])
        let walk = journal.habit(named: "Walk")!
        #expect(walk.displayName == "Evening walk")
        #expect(walk.currentUnit == UnitVersion(since: CivilDate(iso: "2025-01-01")!, name: "lap", shorthand: "lp",
                                                size: Amount("0.25")!, measure: "miles", location: walk.units[0].location))
        #expect(walk.floor(on: CivilDate(iso: "2025-06-01")!) == Amount(8))
        #expect(walk.color == "#3b82f6")
        #expect(walk.note == "Why does this matter to me?")
        let read = journal.habit(named: "Read-30")!
        #expect(read.kind == .check && read.goal == Amount(10) && read.minimum == Amount(1) && read.priority == .must)
        #expect(read.every == .weekdays([.monday, .wednesday, .friday]))
        #expect(journal.habit(named: "No-scrolling")!.type == .quit)
        #expect(journal.habit(named: "No-scrolling")!.every == .perWeek(3))
    }

    @Test func unitAndFloorChangesTakeEffectAtTheirLine() {
        let journal = Fixtures.journal("""
            2025-12-01 habit Reading
              unit: page
              floor: 5/week
            2025-12-15 Reading 3
            2025-12-15 unit Reading chapter ch = 1 chapter
            2025-12-15 floor Reading 7/week
            2025-12-15 Reading 1
            """)
        #expect(journal.diagnostics.isEmpty)
        #expect(journal.entries.map(\.unitVersion) == [0, 1])
        let reading = journal.habit(named: "Reading")!
        #expect(reading.units.map(\.name) == ["page", "chapter"])
        #expect(reading.units[1].shorthand == "ch")
        #expect(reading.floor(on: CivilDate(iso: "2025-12-14")!) == Amount(5))
        #expect(reading.floor(on: CivilDate(iso: "2025-12-15")!) == Amount(7))
    }

    @Test func entriesNotesTagsAndStates() {
        let journal = Fixtures.journal("""
            2025-01-01 habit Walk
            2025-01-01 habit Read
              kind: check
              goal: 10
              min: 1
            2025-12-14 Walk 4 #park #evening ; round the park
            2025-12-14 Walk -1 ; correction
            2025-12-14 Read 12
            2025-12-15 Read 3
            2025-12-16 Read 0
            2025-12-17 Read kinda
            """)
        #expect(journal.diagnostics.isEmpty)
        #expect(journal.entries.count == 6)
        #expect(journal.tags(of: journal.entries[0]) == ["park", "evening"])
        #expect(journal.note(of: journal.entries[0]) == "round the park")
        #expect(journal.note(of: journal.entries[2]) == nil)
        #expect(journal.entries[0].units + journal.entries[1].units == Amount(3))
        #expect(journal.entries[2...].map { journal.checkState(of: $0) } == [.yes, .kinda, .no, .kinda])
    }

    @Test func tasksLogToTheirHabitOrGeneral() {
        let journal = Fixtures.journal("""
            2025-01-01 habit Writing
            2025-01-01 habit Swim
            2025-12-15 task "Finish outline" 2 Writing #book
            2025-12-15 task "Tidy desk"
            2025-12-15 task "Pool day" 3 Swim
            2025-12-15 task "Call bank" 1
            2025-12-16 done "Finish outline"
            2025-12-16 done "Tidy desk"
            2025-12-17 archive Swim
            2025-12-18 done "Pool day"
            2025-12-18 drop "Call bank"
            2025-12-18 task "Next"
            """)
        #expect(Fixtures.findings(journal) == [])
        #expect(journal.tasks.map(\.status) == [.done(CivilDate(iso: "2025-12-16")!), .done(CivilDate(iso: "2025-12-16")!),
                                                .done(CivilDate(iso: "2025-12-18")!), .dropped(CivilDate(iso: "2025-12-18")!), .open])
        let logged = journal.entries.map { (journal.habits[Int($0.habit)].name, $0.units, $0.isFromTask) }
        #expect(logged.map(\.0) == ["Writing", "General", "General"])   // Swim was archived by then
        #expect(logged.map(\.1) == [Amount(2), Amount(1), Amount(3)])
        #expect(journal.tags(of: journal.entries[0]) == ["book"])
        #expect(journal.habit(named: "General")!.isBuiltIn)
        #expect(journal.tasks[4].isOpen(on: CivilDate(iso: "2025-12-20")!))    // rolls over
        #expect(!journal.tasks[0].isOpen(on: CivilDate(iso: "2025-12-16")!))
    }

    @Test func closingAnUnknownOrClosedTaskIsAnError() {
        let journal = Fixtures.journal("""
            2025-12-15 task "Finish outline"
            2025-12-16 done "Finish outline"
            2025-12-17 done "Finish outline"
            2025-12-17 drop "Finsh outline"
            """)
        #expect(Fixtures.findings(journal) == [
            "unknown-task: task \"Finish outline\" is already closed; `done` needs an open task",
            "unknown-task: no open task \"Finsh outline\"",
        ])
    }

    @Test func groupsAndMembers() {
        let journal = Fixtures.journal("""
            2025-01-01 group Exercise
              priority: must
              every: day
            2025-01-01 habit Gym
              group: Exercise
            2025-01-01 habit Swim
              group: Exercise
            2025-01-01 habit Run
              group: Excercise
            2025-01-02 Exercise 1
            """)
        let exercise = journal.habit(named: "Exercise")!
        #expect(exercise.isGroup && exercise.priority == .must)
        #expect(exercise.members.map { journal.habits[$0].name } == ["Gym", "Swim"])
        #expect(journal.habit(named: "Gym")!.group == exercise.id)
        #expect(Fixtures.findings(journal) == [
            "group-entry: 'Exercise' is a group: log one of its members instead",
            "unknown-group: 'Run' belongs to unknown group 'Excercise'; did you mean 'Exercise'?",
        ])
    }

    @Test func seasonsPausesArchivesAndOptions() {
        let journal = Fixtures.journal("""
            units 1
            option week-start sunday
            option day-start 04:00
            option lint-disable future-date
            2025-01-01 habit Swim
            2025-11-01 season "Exam prep" 2025-12-20
            2025-12-20 pause Swim 2025-12-27 ; holiday
            2026-01-03 archive Swim
            2026-02-01 unarchive Swim
            """)
        #expect(journal.diagnostics.isEmpty)
        #expect(journal.options.weekStart == .sunday && journal.options.dayStartMinutes == 240)
        #expect(journal.options.lintDisabled == ["future-date"] && journal.options.formatVersion == 1)
        #expect(journal.seasons.map(\.name) == ["Exam prep"] && journal.seasons[0].days.dayCount == 50)
        let swim = journal.habit(named: "Swim")!
        #expect(swim.isPaused(on: CivilDate(iso: "2025-12-27")!) && !swim.isPaused(on: CivilDate(iso: "2025-12-28")!))
        #expect(!swim.isArchived(on: CivilDate(iso: "2026-01-02")!))
        #expect(swim.isArchived(on: CivilDate(iso: "2026-01-03")!))
        #expect(!swim.isArchived(on: CivilDate(iso: "2026-02-01")!))
    }

    @Test func semanticErrors() {
        let journal = Fixtures.journal("""
            units 2
            option week-start someday
            option day-start 25:00
            option colour blue
            2025-01-01 habit Reading
              color: mauve
              kind: sometimes
              every: 9/week
              floor: lots
              floor: 5
            2025-01-01 habit Reading
            2025-01-02 Redaing 1
            2025-01-02 Later 1
            2025-01-03 habit Later
            """)
        #expect(Fixtures.findings(journal) == [
            "format-version: unsupported format version 2: this tool reads `units 1`",
            "invalid-option: expected a weekday name, e.g. `option week-start monday`",
            "invalid-option: day-start must be a time from 00:00 to 23:59",
            "invalid-option: unknown option 'colour' (options: week-start, day-start, lint-disable, remind-morning, remind-evening)",
            "invalid-attribute: unknown colour 'mauve': use one of red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray, or #rgb / #rrggbb",
            "invalid-attribute: expected `count` or `check`",
            "invalid-attribute: expected `day`, `N/week`, `N/month`, `weekdays`, `weekends` or weekday names like `mon wed fri`",
            "invalid-attribute: expected a floor in units per week, e.g. `floor: 5/week`",
            "duplicate-attribute: 'floor' is given twice for 'Reading'; the last one counts",
            "duplicate-declaration: 'Reading' is already declared (first declared at 5:1); change it with `unit`, `floor`, `archive` lines instead of declaring it again",
            "undeclared-habit: 'Redaing' is not declared above this line; did you mean 'Reading'?",
            "undeclared-habit: 'Later' is not declared above this line; it is declared further down: move its declaration above its first use",
        ])
    }

    @Test func includesResolveRelativeToTheIncludingFile() {
        let files = [
            "journal/main.units": "2025-01-01 habit Reading\ninclude \"years/2024.units\"\n2025-01-02 Reading 2\n",
            "journal/years/2024.units": "2024-06-01 Reading 5\ninclude \"../extra.units\"\n",
            "journal/extra.units": "2024-06-02 Reading 1\n",
        ]
        let journal = Journal.load(path: "journal/main.units", loader: .memory(files))
        #expect(Fixtures.findings(journal) == [])
        #expect(journal.files.map(\.file.path) == ["journal/main.units", "journal/years/2024.units", "journal/extra.units"])
        #expect(journal.entries.map(\.units) == [Amount(5), Amount(1), Amount(2)])
    }

    @Test func includeCyclesAndMissingFilesAreDiagnostics() {
        let files = [
            "a.units": "include \"b.units\"\ninclude \"missing.units\"\n",
            "b.units": "include \"a.units\"\n",
        ]
        let journal = Journal.load(path: "a.units", loader: .memory(files))
        #expect(Fixtures.findings(journal) == [
            "include: include cycle: 'a.units' is already being read (2 files deep)",
            "include: cannot include 'missing.units': no such file",
        ])
    }

    @Test func unreadableFilesAreDiagnostics() {
        let missing = Journal.load(path: "/nonexistent/habits.units")
        #expect(missing.diagnostics.map(\.message) == ["cannot read journal: no such file"])
        #expect(missing.diagnostics[0].path == "/nonexistent/habits.units")
        let directory = Journal.load(path: "/tmp")
        #expect(directory.diagnostics.map(\.message) == ["cannot read journal: is a directory, not a journal file"])
    }

    @Test func acceptedInputs() {
        #expect(Fixtures.journal("").diagnostics.isEmpty)
        #expect(Fixtures.journal("").entries.isEmpty)
        let bom = Fixtures.journal("\u{FEFF}units 1\n2025-01-01 habit Reading\n2025-01-02 Reading 1\n")
        #expect(bom.diagnostics.isEmpty && bom.entries.count == 1)
        let crlf = Fixtures.journal("units 1\r\n2025-01-01 habit Reading\r\n  unit: page\r\n2025-01-02 Reading 1 ; note\r\n")
        #expect(crlf.diagnostics.isEmpty && crlf.habit(named: "Reading")!.currentUnit.name == "page")
        #expect(crlf.note(of: crlf.entries[0]) == "note")
        let cjk = Fixtures.journal("2025-01-01 habit 読書\n  unit: ページ\n2025-01-02 読書 3\n")
        #expect(cjk.diagnostics.isEmpty && cjk.entries.count == 1)
        let tabs = Fixtures.journal("2025-01-01\thabit\tReading\n\tunit:\tpage\n2025-01-02\tReading\t3\n")
        #expect(tabs.diagnostics.isEmpty && tabs.entries.count == 1)
    }
}
