/// How serious a finding is. Errors fail `units-lint`; warnings fail it only
/// with `--strict`; info never does.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case info, warning, error

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    private var rank: Int { switch self { case .info: 0; case .warning: 1; case .error: 2 } }
}

/// A suggested edit that would fix a finding: replace `range` with `replacement`.
public struct FixIt: Hashable, Sendable {
    public var message: String
    public var range: SourceRange
    public var replacement: String

    public init(message: String, range: SourceRange, replacement: String) {
        self.message = message
        self.range = range
        self.replacement = replacement
    }
}

/// One finding about a journal, from the parser, the model or a lint rule.
/// Kept small (a journal may have hundreds of thousands): the path is the
/// range's file's, and a fix-it lives in a box of its own.
public struct Diagnostic: Hashable, Sendable {
    public var severity: Severity
    /// A stable, kebab-case id (`syntax`, `undeclared-habit`, ...) that
    /// `--select`, `--ignore` and `option lint-disable` refer to.
    public var rule: String
    public var message: String
    /// Where it is; `nil` for problems with no place in a file (a file that
    /// cannot be read is reported against its path instead).
    public var range: SourceRange?
    /// The path of a range-less finding, or one set apart from its range's file.
    private var storedPath: String?
    private var fixItBox: FixItBox?

    /// The path a diagnostic is about: its range's file, or the one it names.
    public var path: String? {
        get { storedPath ?? range?.file.path }
        set { storedPath = newValue == range?.file.path ? nil : newValue }
    }

    public var fixIt: FixIt? {
        get { fixItBox?.fixIt }
        set { fixItBox = newValue.map(FixItBox.init) }
    }

    public init(_ severity: Severity, rule: String, _ message: String, at range: SourceRange?,
                fixIt: FixIt? = nil) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.range = range
        self.fixItBox = fixIt.map(FixItBox.init)
    }

    /// A diagnostic about a whole file that could not be read.
    public init(_ severity: Severity, rule: String, _ message: String, path: String) {
        self.init(severity, rule: rule, message, at: nil)
        storedPath = path
    }
}

/// A fix-it behind one reference (most findings have none).
private final class FixItBox: Hashable, Sendable {
    let fixIt: FixIt
    init(_ fixIt: FixIt) { self.fixIt = fixIt }
    static func == (a: FixItBox, b: FixItBox) -> Bool { a.fixIt == b.fixIt }
    func hash(into hasher: inout Hasher) { hasher.combine(fixIt) }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file (in order of first appearance), then position, stably.
    public func sortedByPosition() -> [Diagnostic] {
        var copy = self
        copy.sortByPosition()
        return copy
    }

    /// Sorts by file (in order of first appearance), then position, stably:
    /// the keys gathered once, indices sorted, the findings swapped into place.
    public mutating func sortByPosition() {
        let n = count
        guard n > 1 else { return }
        var files = [Int32](repeating: 0, count: n), starts = [Int](repeating: 0, count: n)
        var sorted = true
        do {
            let findings = self
            // Files by path in order of first appearance; the same file
            // object as the last finding's is checked first.
            var fileOrder: [String: Int32] = [:]
            var lastFile: ObjectIdentifier? = nil, lastOrder: Int32 = -1
            for i in 0..<n {
                let order: Int32
                if let file = findings[i].range?.file, ObjectIdentifier(file) == lastFile {
                    order = lastOrder
                } else {
                    let path = findings[i].path ?? ""
                    if let known = fileOrder[path] { order = known } else { order = Int32(fileOrder.count); fileOrder[path] = order }
                    lastFile = findings[i].range.map { ObjectIdentifier($0.file) }
                    lastOrder = order
                }
                files[i] = order
                starts[i] = findings[i].range?.start ?? -1
                if i > 0, sorted, (files[i - 1], starts[i - 1]) > (order, starts[i]) { sorted = false }
            }
        }
        if sorted { return }
        let order = (0..<n).sorted { (files[$0], starts[$0], $0) < (files[$1], starts[$1], $1) }
        permute(by: order)
    }
}
