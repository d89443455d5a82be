/// Which rules a lint run reports, and as of which day.
public struct LintConfiguration: Sendable {
    /// The day `future-date` compares with.
    public var today: CivilDate
    /// Only these rules (`--select`); nil means all.
    public var select: Set<String>?
    /// Not these rules (`--ignore`, `--disable`).
    public var ignore: Set<String> = []

    public init(today: CivilDate, select: Set<String>? = nil, ignore: Set<String> = []) {
        self.today = today
        self.select = select
        self.ignore = ignore
    }

    public func enables(_ rule: String) -> Bool {
        (select?.contains(rule) ?? true) && (ignore.isEmpty || !ignore.contains(rule))
    }
}

/// `units-lint`'s engine: the rule catalogue, and a run of it over a journal.
public enum Linter {
    /// Every rule, parser and model rules first, then the linter's own.
    public static let rules: [any LintRule] = CoreRules.all + [
        BeforeDeclarationRule(), ArchivedEntryRule(), PausedEntryRule(), DuplicateTitleRule(),
        StateOnCountHabitRule(), NumberOnCheckHabitRule(), DuplicateCheckInRule(), LargeEntryRule(),
        NegativeDayTotalRule(), GoalMinRule(), GoalMinMeasureRule(), InvalidFloorRule(), CountOnlySettingRule(), InvalidReminderRule(),
        RedundantChangeRule(), DateOrderRule(), FutureDateRule(), NameLengthRule(), NoteLengthRule(),
        EmptyGroupRule(), TaskEstimateRule(), DuplicateOpenTaskRule(), TooManyPinsRule(), ReversedRangeRule(),
        MissingVersionRule(), LintDisableRule(),
    ]

    public static let catalogue: [RuleDescription] = rules.map(\.description)

    private static let index: [String: RuleDescription] = Dictionary(uniqueKeysWithValues: catalogue.map { ($0.id, $0) })

    /// The rule with this id, if there is one.
    public static func rule(_ id: String) -> RuleDescription? { index[id] }

    /// Every finding about the journal (parser, model and linter rules) that
    /// the configuration and the journal's own `lint-disable` option and
    /// `units-lint:` comments leave, sorted by file and position.
    public static func lint(_ journal: Journal, configuration: LintConfiguration) -> [Diagnostic] {
        lint(journal, configuration: configuration, keepPerRule: nil).findings
    }

    /// The findings as `lint(_:configuration:)` gives them, except that with
    /// `keepPerRule` a rule's findings in a file past the first that many
    /// are only counted, in `notMade` (keep one more than `LintCap` shows).
    public static func lint(_ journal: Journal, configuration: LintConfiguration, keepPerRule: Int?) -> LintFindings {
        let disabled = journal.options.lintDisabled
        let lineIndex = LintLineIndex(journal)
        let suppressions = LintSuppressions(journal, lineIndex: lineIndex)
        var notMade: [String: Int] = [:]
        var found = findings(journal, configuration: configuration, lineIndex: lineIndex,
                             keep: keepPerRule.map { LintKeep(keep: $0, suppressions: suppressions) }, notMade: &notMade)
        found.removeAll { d in
            guard configuration.enables(d.rule) else { return true }
            guard d.severity != .error else { return false }
            return (!disabled.isEmpty && disabled.contains(d.rule)) || (!suppressions.isEmpty && suppressions.silences(d))
        }
        found.sortByPosition()
        return LintFindings(findings: found, notMade: notMade)
    }

    /// The journal's diagnostics, then the findings of every rule that
    /// runs, rule after rule in catalogue order (before suppressions and
    /// sorting). With `keep`, each rule reports through a copy of it, and
    /// the findings it did not keep are counted in `notMade`, by rule.
    static func findings(_ journal: Journal, configuration: LintConfiguration, lineIndex: LintLineIndex,
                         keep: LintKeep? = nil, notMade: inout [String: Int]) -> [Diagnostic] {
        let disabled = journal.options.lintDisabled
        func runs(_ description: RuleDescription) -> Bool {
            guard description.source == .linter, configuration.enables(description.id) else { return false }
            // A journal may switch off its warnings, never its errors.
            return description.severity == .error || !disabled.contains(description.id)
        }
        var found = journal.diagnostics
        // The rules that read every entry or line, in one pass each (LintPasses).
        var passes: [String: [Diagnostic]]?
        for rule in rules {
            let description = rule.description
            guard runs(description) else { continue }
            if rule is any EntryPassRule || rule is any LinePassRule {
                if passes == nil {
                    passes = LintPasses.run(journal, today: configuration.today, lineIndex: lineIndex, keep: keep,
                                            notMade: &notMade, runs: runs)
                    // Room for all at once: growing by doubling would copy every finding.
                    found.reserveCapacity(found.count + passes!.values.reduce(0) { $0 + $1.count })
                }
                if var findings = passes?.removeValue(forKey: description.id) { move(&findings, into: &found) }
                continue
            }
            // The findings move into the context and back (appended in place, never copied).
            var context = LintContext(journal: journal, today: configuration.today, rule: description, lineIndex: lineIndex)
            context.keep = keep
            context.diagnostics = found
            found = []
            rule.check(&context)
            context.finishKeeping(into: &notMade)
            found = context.diagnostics
        }
        return found
    }

    /// Appends `source`'s findings to `target` by moving, not copying, each one.
    static func move(_ source: inout [Diagnostic], into target: inout [Diagnostic]) {
        Array.move(&source, into: &target, placeholder: Diagnostic(.warning, rule: "", "", at: nil))
    }

    /// The catalogue as the Markdown table of `Grammar/lint-rules.md`.
    public static func catalogueTable() -> String {
        var out = "| rule | severity | checked by | what it finds |\n|------|----------|------------|---------------|\n"
        for rule in catalogue {
            out += "| `\(rule.id)` | \(rule.severity.rawValue) | \(rule.source.rawValue) | \(rule.summary.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")) |\n"
        }
        return out
    }

    /// The catalogue as `--list-rules` prints it.
    public static func catalogueText() -> String {
        let width = catalogue.map(\.id.count).max() ?? 0
        return catalogue.map {
            "\($0.id.padded(toWidth: width))  \($0.severity.rawValue.padded(toWidth: 7))  \($0.source.rawValue.padded(toWidth: 6))  \($0.summary)\n"
        }.joined()
    }
}
