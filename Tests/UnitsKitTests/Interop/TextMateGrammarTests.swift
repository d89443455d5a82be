import Foundation
import Testing
@testable import UnitsKit

/// The TextMate grammar (Grammar/units.tmLanguage.json) is valid JSON, its
/// regular expressions compile, and run the way an editor runs them they
/// give every token of every example file the scope its kind calls for.
@Suite struct TextMateGrammarTests {
    struct Rule {
        var regex: NSRegularExpression
        var name: String?
        var captures: [Int: String]
    }

    static func loadRules() throws -> [Rule] {
        let data = try Data(contentsOf: URL(fileURLWithPath: InteropFixtures.root + "/Grammar/units.tmLanguage.json"))
        let grammar = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(grammar["scopeName"] as? String == "source.units")
        #expect(grammar["fileTypes"] as? [String] == ["units"])
        let repository = try #require(grammar["repository"] as? [String: [String: Any]])
        let patterns = try #require(grammar["patterns"] as? [[String: String]])
        return try patterns.map { include in
            let key = try #require(include["include"]).dropFirst()
            let rule = try #require(repository[String(key)], "missing repository rule \(key)")
            let match = try #require(rule["match"] as? String, "\(key): only single-line match rules")
            // Oniguruma's \x{...} is ICU's too, so the pattern compiles as is.
            let regex = try NSRegularExpression(pattern: match)
            var captures: [Int: String] = [:]
            for (index, value) in rule["captures"] as? [String: [String: String]] ?? [:] {
                captures[try #require(Int(index))] = value["name"]
            }
            return Rule(regex: regex, name: rule["name"] as? String, captures: captures)
        }
    }

    /// Scopes by UTF-16 range for one line, found as TextMate does: at each
    /// position the rule matching earliest wins (the first listed on a tie).
    static func scopes(_ line: String, _ rules: [Rule]) -> [(NSRange, String)] {
        let text = line as NSString
        var result: [(NSRange, String)] = []
        var position = 0
        while position < text.length {
            var best: (NSTextCheckingResult, Rule)?
            for rule in rules {
                let range = NSRange(location: position, length: text.length - position)
                guard let match = rule.regex.firstMatch(in: line, options: [.withTransparentBounds, .withoutAnchoringBounds], range: range) else { continue }
                if best == nil || match.range.location < best!.0.range.location { best = (match, rule) }
            }
            guard let (match, rule) = best else { break }
            if let name = rule.name { result.append((match.range, name)) }
            for (index, name) in rule.captures where index < match.numberOfRanges && match.range(at: index).location != NSNotFound {
                result.append((match.range(at: index), name))
            }
            position = max(match.range.location + match.range.length, position + 1)
        }
        return result
    }

    /// The scope a token of each kind must get (a prefix of it).
    static func expectedScope(_ kind: TokenKind, line: LineKind) -> [String] {
        switch kind {
        case .date: ["constant.other.date"]
        case .keyword: ["keyword", "storage.type"]
        case .name: line == .season ? ["entity.name.section"] : ["entity.name.type.habit", "variable.other.habit"]
        case .number: ["constant.numeric"]
        case .state: ["constant.language.state"]
        case .string: ["string.quoted"]
        case .tag: ["entity.name.tag"]
        case .comment: ["comment"]
        case .key: ["support.type.property-name"]
        case .colon: ["punctuation.separator"]
        case .equals: ["keyword.operator"]
        case .word: ["string", "support.constant", "constant"]
        }
    }

    static let files = InteropFixtures.examples + [InteropFixtures.root + "/Grammar/sample.units", InteropFixtures.root + "/Grammar/sample-2024.units"]

    @Test(arguments: files)
    func everyTokenGetsItsScope(path: String) throws {
        let tree = Parser.parse(SourceFile(path: path, bytes: try FileReader.readBytes(atPath: path)))
        try Self.expectScopes(tree, path: path)
    }

    /// The hard editor cases: names and tags beyond Latin-1, a season's
    /// and a pause's end date, `a;b` in an attribute (one word, not a
    /// comment), `;` inside a string, and a real note after ` ;`.
    @Test func namesTagsEndDatesAndSemicolons() throws {
        let text = """
            units 1
            2025-12-01 habit Чтение
              icon: a;b
              note: "x ; y"
            2025-12-02 Чтение 3 #книга ; вечером
            2025-12-20 pause Чтение 2026-01-02
            2025-12-01 season "Exam prep" 2025-12-31

            """
        let tree = Parser.parse(SourceFile(path: "tricky.units", bytes: Array(text.utf8)))
        try Self.expectScopes(tree, path: "tricky.units")
        let rules = try Self.loadRules()
        for line in ["  icon: a;b", "  note: \"x ; y\""] {
            #expect(!Self.scopes(line, rules).contains { $0.1.hasPrefix("comment") }, "\(line): \(Self.scopes(line, rules))")
        }
        let note = "2025-12-02 Чтение 3 #книга ; вечером"
        #expect(Self.scopes(note, rules).contains { $0.1.hasPrefix("comment") && ($0.0.location == (note as NSString).range(of: ";").location) })
    }

    static func expectScopes(_ tree: SyntaxTree, path: String) throws {
        let rules = try Self.loadRules()
        #expect(tree.diagnostics.isEmpty, "\(path): \(tree.diagnostics)")
        var checked = 0
        for line in tree.lines {
            let bytes = Array(tree.file.bytes[Int(line.start)..<Int(line.contentEnd)])
            let text = String(decoding: bytes, as: UTF8.self)
            let scopes = Self.scopes(text, rules)
            for token in tree.tokens(of: line) {
                let start = String(decoding: bytes[0..<(Int(token.start) - Int(line.start))], as: UTF8.self).utf16.count
                let length = tree.text(token).utf16.count
                let covering = scopes.filter { $0.0.location <= start && start + length <= $0.0.location + $0.0.length }.map(\.1)
                let wanted = Self.expectedScope(token.kind, line: line.kind)
                #expect(covering.contains { scope in wanted.contains { scope.hasPrefix($0) } },
                        "\(path):\(LineTable(tree.file).location(of: Int(token.start))): \(token.kind) '\(tree.text(token))' has scopes \(covering), wanted \(wanted)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    /// The sample shows every kind of line and token.
    @Test func sampleHasEveryConstruct() throws {
        let path = InteropFixtures.root + "/Grammar/sample.units"
        let tree = Parser.parse(SourceFile(path: path, bytes: try FileReader.readBytes(atPath: path)))
        let lineKinds = Set(tree.lines.map(\.kind.rawValue))
        let tokenKinds = Set(tree.tokens.map(\.kind.rawValue))
        let allLines: [LineKind] = [.blank, .comment, .version, .option, .include, .habit, .group, .attribute, .unitChange,
                                    .floorChange, .task, .done, .drop, .season, .archive, .unarchive, .pause, .entry]
        let allTokens: [TokenKind] = [.date, .keyword, .name, .number, .state, .string, .tag, .comment, .key, .colon, .equals, .word]
        #expect(allLines.filter { !lineKinds.contains($0.rawValue) }.isEmpty)
        #expect(allTokens.filter { !tokenKinds.contains($0.rawValue) }.isEmpty)
        #expect(!Journal.load(path: path).hasErrors)
    }
}
