import Testing
import UnitsCLI
import UnitsKit

@Suite struct LintCommandTests {
    let journal = "units 1\n2025-09-01 habit Reading\n2025-09-01 Reading yes\n2025-09-02 Reading 1200\n"

    @Test func textOutputSortedWithCarets() {
        let result = runTool(LintCommand.self, ["--today", "2025-12-14", "-"], stdin: journal)
        #expect(result.code == .failure)
        #expect(result.out == """
            <stdin>:3:20: error: 'yes' is a state, but 'Reading' is a count habit: log a number of units, or give it `kind: check` [state-on-count-habit]
            2025-09-01 Reading yes
                               ^~~
            <stdin>:4:20: warning: 1200 units in one entry is more than 999: check for a typo, or split it over several entries [large-entry]
            2025-09-02 Reading 1200
                               ^~~~

            """)
    }

    @Test func jsonOutput() {
        let result = runTool(LintCommand.self, ["--today", "2025-12-14", "--format", "json", "--select", "large-entry"], stdin: journal)
        #expect(result.code == .ok)
        #expect(result.out == """
            {
              "schemaVersion": 1,
              "tool": "units-lint",
              "files": [
                "<stdin>"
              ],
              "summary": {
                "errors": 0,
                "warnings": 1,
                "infos": 0
              },
              "omitted": {},
              "diagnostics": [
                {
                  "rule": "large-entry",
                  "severity": "warning",
                  "message": "1200 units in one entry is more than 999: check for a typo, or split it over several entries",
                  "file": "<stdin>",
                  "start": {
                    "line": 4,
                    "column": 20,
                    "offset": 75
                  },
                  "end": {
                    "line": 4,
                    "column": 24,
                    "offset": 79
                  }
                }
              ]
            }

            """)
    }

    @Test func strictFailsOnWarnings() {
        let args = ["--today", "2025-12-14", "--ignore", "state-on-count-habit"]
        #expect(runTool(LintCommand.self, args, stdin: journal).code == .ok)
        #expect(runTool(LintCommand.self, args + ["--strict"], stdin: journal).code == .failure)
        #expect(runTool(LintCommand.self, args + ["--strict", "--disable", "large-entry"], stdin: journal).code == .ok)
    }

    /// A list of rule ids is split at commas and each id trimmed of spaces
    /// and tabs alike (a list written with tabs after the commas).
    @Test func ruleListsTrimTabs() {
        let args = ["--today", "2025-12-14", "--ignore", "state-on-count-habit,\tlarge-entry\t"]
        let result = runTool(LintCommand.self, args + ["--strict"], stdin: journal)
        #expect(result.code == .ok, "\(result.err)")
        #expect(runTool(LintCommand.self, ["--today", "2025-12-14", "--select", " large-entry,\tstate-on-count-habit"], stdin: journal).code == .failure)
    }

    @Test func usageErrors() {
        #expect(runTool(LintCommand.self, ["--select", "large-entyr"], stdin: journal).code == .usage)
        #expect(runTool(LintCommand.self, ["--today", "someday"], stdin: journal).code == .usage)
        #expect(runTool(LintCommand.self, ["--format", "xml"], stdin: journal).code == .usage)
    }

    @Test func listRules() {
        let result = runTool(LintCommand.self, ["--list-rules"])
        #expect(result.code == .ok)
        #expect(result.out.split(separator: "\n").count == Linter.catalogue.count)
        #expect(result.out.contains("duplicate-check-in"))
    }
}
