/// The rules the parser and the journal builder check while loading, listed
/// so the catalogue is complete, each with its examples.
enum CoreRules {
    static let all: [BuiltInRule] = [
        BuiltInRule(RuleDescription(
            id: Parser.syntaxRule, severity: .error, summary: "A line that does not fit the grammar (Grammar/units.ebnf).", source: .parser,
            triggering: ["2025-09-01 Reading lots\n", "2025-13-01 habit Reading\n"],
            nonTriggering: ["2025-09-01 habit Reading\n2025-09-01 Reading 3\n"])),
        BuiltInRule(RuleDescription(
            id: Parser.encodingRule, severity: .error, summary: "Bytes that are not text: invalid UTF-8, a NUL, a lone carriage return.", source: .parser,
            triggering: ["; one\rtwo\n", "; nul \u{0}\n"],
            nonTriggering: ["; fine\r\n; Чтение 読書\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.io, severity: .error, summary: "A journal file that cannot be read.", source: .model,
            triggering: [.unreadable], nonTriggering: ["units 1\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.include, severity: .error, summary: "An include of a missing file, or one that closes a cycle.", source: .model,
            triggering: ["include missing.units\n",
                         LintExample("include a.units\n", files: ["a.units": "include a.units\n"])],
            nonTriggering: [LintExample("include a.units\n", files: ["a.units": "2025-09-01 habit Reading\n"])])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.undeclaredHabit, severity: .error,
            summary: "A line names a habit that is not declared above it (with a \"did you mean\").", source: .model,
            triggering: ["2025-09-01 habit Reading\n2025-09-01 Readng 3\n", "2025-09-01 Walk 3\n2025-09-01 habit Walk\n"],
            nonTriggering: ["2025-09-01 habit Reading\n2025-09-01 Reading 3\n2025-09-01 General 1\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.duplicateDeclaration, severity: .error, summary: "A habit or group name declared twice.", source: .model,
            triggering: ["2025-09-01 habit Reading\n2025-09-02 habit Reading\n", "2025-09-01 habit Walk\n2025-09-01 group Walk\n"],
            nonTriggering: ["2025-09-01 habit Reading\n2025-09-01 habit reading\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.invalidAttribute, severity: .error,
            summary: "An attribute value of the wrong form, or a key a group cannot have.", source: .model,
            triggering: ["2025-09-01 habit Reading\n  color: plaid\n", "2025-09-01 group Move\n  kind: check\n"],
            nonTriggering: ["2025-09-01 habit Reading\n  color: #3a7\n  every: mon wed fri\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.duplicateAttribute, severity: .warning, summary: "The same attribute key twice for one declaration.", source: .model,
            triggering: ["2025-09-01 habit Reading\n  color: red\n  color: blue\n"],
            nonTriggering: ["2025-09-01 habit Reading\n  color: red\n  icon: book\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.invalidOption, severity: .error, summary: "An unknown option, or an option value of the wrong form.", source: .model,
            triggering: ["option week-start someday\n", "option weekstart monday\n"],
            nonTriggering: ["option week-start sunday\noption day-start 04:00\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.version, severity: .error, summary: "A format version other than `units 1`.", source: .model,
            triggering: ["units 2\n"], nonTriggering: ["units 1\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.unknownTask, severity: .error, summary: "`done`, `drop`, `pin` or `unpin` with no open task of that title (unknown or already closed), or an `unpin` of a task not pinned that day.",
            source: .model,
            triggering: ["2025-09-01 done \"Nothing\"\n",
                         "2025-09-01 task \"Fix bike\"\n2025-09-02 done \"Fix bike\"\n2025-09-03 drop \"Fix bike\"\n",
                         "2025-09-01 pin \"Nothing\"\n",
                         "2025-09-01 task \"Fix bike\"\n2025-09-02 done \"Fix bike\"\n2025-09-02 pin \"Fix bike\"\n",
                         "2025-09-01 task \"Fix bike\"\n2025-09-01 pin \"Fix bike\"\n2025-09-02 unpin \"Fix bike\"\n"],
            nonTriggering: ["2025-09-01 task \"Fix bike\"\n2025-09-02 done \"Fix bike\"\n",
                            "2025-09-01 task \"Fix bike\"\n2025-09-01 pin \"Fix bike\"\n2025-09-01 unpin \"Fix bike\"\n2025-09-02 pin \"Fix bike\"\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.unknownGroup, severity: .error, summary: "A habit's `group:` names no declared group.", source: .model,
            triggering: ["2025-09-01 habit Gym\n  group: Exercise\n"],
            nonTriggering: ["2025-09-01 group Exercise\n2025-09-01 habit Gym\n  group: Exercise\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.nestedGroup, severity: .error, summary: "A group inside a group, or a habit's `group:` naming a habit.", source: .model,
            triggering: ["2025-09-01 group Move\n2025-09-01 group Run\n  group: Move\n",
                         "2025-09-01 habit Walk\n2025-09-01 habit Gym\n  group: Walk\n"],
            nonTriggering: ["2025-09-01 group Move\n2025-09-01 habit Run\n  group: Move\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.groupEntry, severity: .error, summary: "An entry for a group (groups have no entries of their own).", source: .model,
            triggering: ["2025-09-01 group Move\n2025-09-01 Move 3\n"],
            nonTriggering: ["2025-09-01 group Move\n2025-09-01 habit Run\n  group: Move\n2025-09-01 Run 3\n"])),
        BuiltInRule(RuleDescription(
            id: JournalBuilder.Rule.archiveState, severity: .error, summary: "Archiving an archived habit or group, or unarchiving one that is not archived.", source: .model,
            triggering: ["2025-09-01 habit Run\n2025-09-02 archive Run\n2025-09-03 archive Run\n",
                         "2025-09-01 habit Run\n2025-09-02 unarchive Run\n"],
            nonTriggering: ["2025-09-01 habit Run\n2025-09-02 archive Run\n2025-09-03 unarchive Run\n"])),
    ]
}
