// The libFuzzer entry point. Compiled together with the UnitsKit sources
// (one module, so internal API is reachable) by Fuzz/fuzz.sh; not part of
// the Swift package. Every check here is a property that must hold for any
// input bytes; a failed check is reported by libFuzzer as a crash.

/// A second file that `include` lines in the input may name.
let includedFile: [UInt8] = Array("2025-01-01 habit Inc\n2025-01-02 Inc 1\ninclude \"fuzz.units\"\n".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let tree = Parser.parse(SourceFile(path: "fuzz.units", bytes: bytes))

    // The tree is lossless.
    if tree.printed() != bytes { fatalError("printed() differs from the input") }

    // The model: includes resolve in memory (and may cycle back to the input).
    let loader = JournalLoader { path in
        if path == "fuzz.units" { return bytes }
        if path == "inc.units" { return includedFile }
        throw FileReadError(path: path, reason: "no such file")
    }
    let journal = Journal(tree: tree, loader: loader)
    for diagnostic in journal.diagnostics {
        if let range = diagnostic.range, range.start < 0 || range.end > range.file.bytes.count {
            fatalError("diagnostic range outside its file: \(diagnostic.message)")
        }
    }
    var renderer = DiagnosticRenderer(useColor: false)
    _ = renderer.render(journal.diagnostics.sortedByPosition())

    // Values read back as they print.
    for entry in journal.entries.prefix(200) {
        if CivilDate(iso: entry.date.description) != entry.date { fatalError("date does not round-trip") }
        if case .units(let amount) = entry.value, Amount(amount.description) != amount, !amount.description.hasPrefix("-0") {
            if amount.integerPart.magnitude < 1_000_000_000_000_000 { fatalError("amount does not round-trip: \(amount)") }
        }
        _ = journal.note(of: entry)
        _ = journal.tags(of: entry)
        _ = journal.checkState(of: entry)
    }

    // Queries over the whole journal, at a date inside and at the edges.
    let today = journal.dateRange?.last ?? CivilDate(year: 2025, month: 12, day: 14)!
    for date in [today, CivilDate.minimum, CivilDate.maximum] {
        let summary = JournalSummary(journal, through: date)
        _ = summary.text()
        _ = summary.json()
    }
    for habit in journal.habits {
        _ = habit.floor(on: today)
        _ = habit.isArchived(on: today)
        _ = habit.isPaused(on: today)
        _ = today.startOfWeek(journal.options.weekStart)
    }

    #if UNITS_FUZZ_FORMAT
    // The formatter: its output parses cleanly, is a fixed point, and means
    // the same entries.
    if case .formatted(let once) = Formatter.format(tree) {
        let reparsed = Parser.parse(SourceFile(path: "fuzz.units", bytes: once))
        if !reparsed.diagnostics.isEmpty { fatalError("formatted output does not parse: \(reparsed.diagnostics[0].message)") }
        // The self-check units-fmt runs before it replaces a file (issue 14).
        if let problem = FormatCheck.problem(input: tree, output: once) { fatalError("format self-check: \(problem)") }
        guard case .formatted(let twice) = Formatter.format(reparsed), twice == once else { fatalError("format is not idempotent") }
    }
    #endif

    #if UNITS_FUZZ_LINT
    // The linter (fuzz.sh defines UNITS_FUZZ_LINT when Lint/Linter.swift
    // has `static func lint(`): every rule, nothing selected away.
    _ = Linter.lint(journal, configuration: LintConfiguration(today: today))
    #endif
    return 0
}
