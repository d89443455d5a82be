/// The `units-lint --format json` document (schema in Grammar/lint-rules.md).
public enum LintJSON {
    public static let schemaVersion = 1

    /// `cap`, when given, says which findings are listed and adds `omitted`;
    /// the summary counts them all, with `notMade` (a capped run's, by rule).
    public static func render(_ diagnostics: [Diagnostic], notMade: [String: Int] = [:], files: [String], cap: LintCap? = nil) -> String {
        let run = LintFindings(findings: diagnostics, notMade: notMade)
        let json = JSONWriter()
        var renderer = DiagnosticRenderer()
        json.object {
            json.field("schemaVersion", schemaVersion)
            json.field("tool", "units-lint")
            json.key("files")
            json.array { for file in files { json.value(file) } }
            json.key("summary")
            json.object {
                for severity in [Severity.error, .warning, .info] {
                    json.field(severity.rawValue + "s", run.count(severity))
                }
            }
            if let cap {
                json.key("omitted")
                json.object { for (rule, count) in cap.omitted { json.field(rule, count) } }
            }
            json.key("diagnostics")
            json.array {
                for d in cap?.shown ?? diagnostics {
                    json.object {
                        json.field("rule", d.rule)
                        json.field("severity", d.severity.rawValue)
                        json.field("message", d.message)
                        json.field("file", d.path)
                        if let range = d.range {
                            let (start, end) = renderer.span(of: range)
                            for (key, place, offset) in [("start", start, range.start), ("end", end, range.end)] {
                                json.key(key)
                                json.object { json.field("line", place.line); json.field("column", place.column); json.field("offset", offset) }
                            }
                        } else {
                            json.key("start"); json.null()
                            json.key("end"); json.null()
                        }
                    }
                }
            }
        }
        return json.finish()
    }
}
