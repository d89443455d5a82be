/// A journal written for a rule's documentation and tests: the main file's
/// text, and other files it may include (by path).
public struct LintExample: Sendable, ExpressibleByStringLiteral {
    public var text: String
    public var files: [String: String]
    /// When false, the main file cannot be read at all (for the `io` rule).
    public var readable: Bool

    public init(_ text: String, files: [String: String] = [:], readable: Bool = true) {
        self.text = text
        self.files = files
        self.readable = readable
    }

    /// A journal whose main file does not exist.
    public static let unreadable = LintExample("", readable: false)

    /// Loads the example as `units-lint` would load a file.
    public func journal() -> Journal {
        let path = "<input>"
        var all = files
        if readable { all[path] = text }
        return Journal.load(path: path, loader: .memory(all))
    }

    public init(stringLiteral text: String) { self.init(text) }
}

/// Everything known about a rule without running it, after SwiftLint's
/// `RuleDescription`: id, severity, summary, and examples a test runs.
public struct RuleDescription: Sendable {
    /// Who finds the problem: parser and model rules are reported by every tool.
    public enum Source: String, Sendable { case parser, model, linter }

    /// Stable kebab-case id (`--select`, `--ignore`, `option lint-disable`...).
    public var id: String
    public var severity: Severity
    /// What the rule finds, in one line (the catalogue's text).
    public var summary: String
    public var source: Source
    /// Journals on which the rule MUST report at least once.
    public var triggering: [LintExample]
    /// Journals on which the rule MUST stay silent.
    public var nonTriggering: [LintExample]

    public init(id: String, severity: Severity, summary: String, source: Source = .linter,
                triggering: [LintExample], nonTriggering: [LintExample]) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.source = source
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// One check of the catalogue. A rule reads the journal (model and syntax
/// trees) and reports through the context; it never changes anything.
public protocol LintRule: Sendable {
    var description: RuleDescription { get }
    /// Reports every finding; parser and model rules do nothing here.
    func check(_ context: inout LintContext)
}

/// A rule whose check is done while the journal is parsed or built: it is in
/// the catalogue so that it can be listed, selected and documented.
public struct BuiltInRule: LintRule {
    public let description: RuleDescription
    public init(_ description: RuleDescription) { self.description = description }
    public func check(_ context: inout LintContext) {}
}
